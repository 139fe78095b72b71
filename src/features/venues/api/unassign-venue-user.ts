import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** DELETE /api/v1/venue/{id}/users/{userId}/ (admins): removes the venue and its roles. */
export function unassignVenueUser({ venueId, userId }: { venueId: number; userId: number }): Promise<void> {
  return api.delete(`venue/${venueId}/users/${userId}/`);
}

export function useUnassignVenueUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignVenueUser,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: venueKeys.users(venueId) }),
  });
}
