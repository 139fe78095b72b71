import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreshowVenue } from '@shared/schemas/preshow';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';

/** GET /api/v1/venue/public/: the upcoming and running shows a team member can be invited to. */
export async function listPublicVenues(): Promise<PreshowVenue[]> {
  const page = await api.get<{ count: number; results: PreshowVenue[] }>('venue/public/', {
    params: { page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export function usePublicVenues() {
  return useQuery(queryOptions({ queryKey: ['owner', 'public-venues'], queryFn: listPublicVenues }));
}
