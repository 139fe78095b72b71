import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantsAtVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

/** GET /api/v1/venue/{id}/merchants/: the merchants registered at the show. */
export function listVenueMerchants(venueId: number): Promise<MerchantsAtVenue> {
  return api.get<MerchantsAtVenue>(`venue/${venueId}/merchants/`);
}

export const venueMerchantsQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: participationKeys.merchants(venueId), queryFn: () => listVenueMerchants(venueId) });

export function useVenueMerchants(venueId: number) {
  return useQuery(venueMerchantsQueryOptions(venueId));
}
