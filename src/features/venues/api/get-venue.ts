import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

/** GET /api/v1/venue/{id}/ (admins, or the users assigned to it). */
export async function getVenue(id: number | null): Promise<VenueDetail> {
  requireParams({ venue: id });
  return api.get<VenueDetail>(`venue/${id}/`);
}

export const venueQueryOptions = (id: number) =>
  queryOptions({ queryKey: venueKeys.detail(id), queryFn: () => getVenue(id) });

export function useVenue(id: number) {
  return useQuery(venueQueryOptions(id));
}
