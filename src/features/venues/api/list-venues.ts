import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { VenueSummary } from '@shared/schemas/venue';
import { api } from '@/lib/api-client';

export interface VenuePage {
  count: number;
  results: VenueSummary[];
}

/** GET /api/v1/venue/ (admins), one page. */
export function listVenues(page: number): Promise<VenuePage> {
  return api.get<VenuePage>('venue/', { params: { page, page_size: DEFAULT_PAGE_SIZE } });
}

export const venueListQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['venues', 'list', page], queryFn: () => listVenues(page) });

export function useVenueList(page: number) {
  return useQuery(venueListQueryOptions(page));
}
