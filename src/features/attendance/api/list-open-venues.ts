import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { PreshowVenue } from '@shared/schemas/preshow';
import { api } from '@/lib/api-client';

export interface OpenVenuePage {
  count: number;
  results: PreshowVenue[];
}

/** GET /api/v1/venue/public/ (public): upcoming and running shows, soonest first. */
export function listOpenVenues(page: number): Promise<OpenVenuePage> {
  return api.get<OpenVenuePage>('venue/public/', { params: { page, page_size: DEFAULT_PAGE_SIZE } });
}

export const openVenuesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['attendance', 'open-venues', page],
    queryFn: () => listOpenVenues(page),
    placeholderData: keepPreviousData,
  });

export function useOpenVenues(page: number) {
  return useQuery(openVenuesQueryOptions(page));
}
