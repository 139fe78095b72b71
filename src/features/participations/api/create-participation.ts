import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VenueParticipation, venueParticipationInput } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

export type ParticipationInput = z.input<typeof venueParticipationInput>;

/** POST /api/v1/venueParticipation/: enrols a rider (payer resolved by the server) with horses and events. */
export function createParticipation(input: ParticipationInput): Promise<VenueParticipation> {
  return api.post<VenueParticipation>('venueParticipation/', input);
}

export function useCreateParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParticipation,
    onSuccess: (participation) =>
      queryClient.invalidateQueries({ queryKey: participationKeys.venue(participation.venue) }),
  });
}
