import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OfficialParticipation, officialParticipationInput } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

export type OfficialParticipationInput = z.input<typeof officialParticipationInput>;

/** POST /api/v1/officialParticipation/: an official at the venue in a function, with days and rates. */
export function createOfficialParticipation(input: OfficialParticipationInput): Promise<OfficialParticipation> {
  return api.post<OfficialParticipation>('officialParticipation/', input);
}

export function useCreateOfficialParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOfficialParticipation,
    onSuccess: (participation) =>
      queryClient.invalidateQueries({ queryKey: participationKeys.officials(participation.venue) }),
  });
}
