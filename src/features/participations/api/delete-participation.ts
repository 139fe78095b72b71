import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

/** DELETE /api/v1/venueParticipation/{id}/: withdraws the rider (refused once money was posted). */
export function deleteParticipation(participation: Pick<VenueParticipation, 'id' | 'venue'>): Promise<void> {
  return api.delete(`venueParticipation/${participation.id}/`);
}

export function useDeleteParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParticipation,
    onSuccess: (_, participation) =>
      queryClient.invalidateQueries({ queryKey: participationKeys.venue(participation.venue) }),
  });
}
