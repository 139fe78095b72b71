import { useQuery } from '@tanstack/react-query';
import type { VenueParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueViewKeys } from './keys';

/**
 * GET /api/v1/venueParticipation/?venue=&rider=: the rider's participation at the venue, or null
 * when the rider is not at this venue. A venue that is not the user's is refused (403).
 */
export async function getRiderParticipation(venue: number, rider: number): Promise<VenueParticipation | null> {
  requireParams({ venue, rider });
  const page = await api.get<{ count: number; results: VenueParticipation[] }>('venueParticipation/', {
    params: { venue, rider, page_size: 1 },
  });
  return page.results[0] ?? null;
}

export function useRiderParticipation(venue: number, rider: number) {
  return useQuery({
    queryKey: venueViewKeys.riderParticipation(venue, rider),
    queryFn: () => getRiderParticipation(venue, rider),
    staleTime: 0,
  });
}
