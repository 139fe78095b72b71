import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VenueUser, venueUserInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type VenueUserInput = z.input<typeof venueUserInput>;

/** POST /api/v1/venue/{id}/users/ (admins): assigns the venue to the user and adds the roles. */
export function assignVenueUser({ venueId, ...input }: VenueUserInput & { venueId: number }): Promise<VenueUser> {
  return api.post<VenueUser>(`venue/${venueId}/users/`, input);
}

export function useAssignVenueUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignVenueUser,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: venueKeys.users(venueId) }),
  });
}
