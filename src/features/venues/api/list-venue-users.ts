import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueUser } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

export interface VenueUserList {
  count: number;
  results: VenueUser[];
}

/** GET /api/v1/venue/{id}/users/: the venue's organizers and floor staff. */
export async function listVenueUsers(venueId: number | null): Promise<VenueUserList> {
  requireParams({ venue: venueId });
  return api.get<VenueUserList>(`venue/${venueId}/users/`);
}

export const venueUsersQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.users(venueId), queryFn: () => listVenueUsers(venueId) });

export function useVenueUsers(venueId: number) {
  return useQuery(venueUsersQueryOptions(venueId));
}
