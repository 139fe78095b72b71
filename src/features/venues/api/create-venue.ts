import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueDetail, VenueInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** POST /api/v1/venue/ (admins). */
export function createVenue(input: VenueInput): Promise<VenueDetail> {
  return api.post<VenueDetail>('venue/', input);
}

export function useCreateVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenue,
    onSuccess: (venue) => {
      queryClient.setQueryData(venueKeys.detail(venue.id), venue);
      return queryClient.invalidateQueries({ queryKey: venueKeys.lists });
    },
  });
}
