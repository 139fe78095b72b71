import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { VenueParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { participationKeys } from './keys';

export interface ParticipationPage {
  count: number;
  results: VenueParticipation[];
}

/** GET /api/v1/venueParticipation/?venue=&search=: one page of the riders at a venue. */
export async function listParticipations(
  venueId: number | null,
  page: number,
  search = '',
): Promise<ParticipationPage> {
  requireParams({ venue: venueId });
  return api.get<ParticipationPage>('venueParticipation/', {
    params: { venue: venueId, page, page_size: DEFAULT_PAGE_SIZE, search: search.trim() || undefined },
  });
}

export const participationsQueryOptions = (venueId: number, page: number, search = '') =>
  queryOptions({
    queryKey: participationKeys.list(venueId, page, search.trim()),
    queryFn: () => listParticipations(venueId, page, search),
    placeholderData: keepPreviousData,
  });

export function useParticipations(venueId: number, page: number, search = '') {
  return useQuery(participationsQueryOptions(venueId, page, search));
}
