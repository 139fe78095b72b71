import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';

/** GET /api/v1/venue/{id}/: the currency and whether prices are entered with tax. */
export function getVenueDetail(id: number): Promise<VenueDetail> {
  return api.get<VenueDetail>(`venue/${id}/`);
}

export const venueDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['ledger', 'venue', id], queryFn: () => getVenueDetail(id) });

export function useVenueDetail(id: number) {
  return useQuery(venueDetailQueryOptions(id));
}
