import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Vec } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';

/** GET /api/v1/venueEventCategory/?venue=: the venue's events, whose tax configuration applies. */
export async function listEvents(venue: number): Promise<Vec[]> {
  const page = await api.get<{ count: number; results: Vec[] }>('venueEventCategory/', {
    params: { venue, page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export function useEvents(venue: number) {
  return useQuery(queryOptions({ queryKey: ['ledger', 'events', venue], queryFn: () => listEvents(venue) }));
}
