import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueDetail, VenueInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** PATCH /api/v1/venue/{id}/ (admins): only the fields sent change. */
export function updateVenue({ id, ...input }: Partial<VenueInput> & { id: number }): Promise<VenueDetail> {
  return api.patch<VenueDetail>(`venue/${id}/`, input);
}

export function useUpdateVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVenue,
    onSuccess: (venue) => {
      queryClient.setQueryData(venueKeys.detail(venue.id), venue);
      return queryClient.invalidateQueries({ queryKey: venueKeys.lists });
    },
  });
}
