import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export interface VenuePage {
  count: number;
  results: VenueDetail[];
}

/** GET /api/v1/venue/?search= (admins), one page of 100. */
export function listVenues(page: number, search = ''): Promise<VenuePage> {
  return api.get<VenuePage>('venue/', {
    params: { page, page_size: DEFAULT_PAGE_SIZE, search: search.trim() || undefined },
  });
}

export const venueListQueryOptions = (page: number, search = '') =>
  queryOptions({
    queryKey: venueKeys.list(page, search.trim()),
    queryFn: () => listVenues(page, search),
    placeholderData: keepPreviousData,
  });

export function useVenueList(page: number, search = '') {
  return useQuery(venueListQueryOptions(page, search));
}
