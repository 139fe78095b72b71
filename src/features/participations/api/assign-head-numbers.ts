import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { headNumbersInput } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';
import type { ParticipationPage } from './list-participations';

export type HeadNumbersInput = z.input<typeof headNumbersInput>;

/** POST /api/v1/venue/{id}/assignHeadNumbers/: the next free numbers of the venue's range to horses without one. */
export function assignHeadNumbers({ venueId, ...input }: HeadNumbersInput & { venueId: number }) {
  return api.post<ParticipationPage>(`venue/${venueId}/assignHeadNumbers/`, input);
}

export function useAssignHeadNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignHeadNumbers,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: participationKeys.venue(venueId) }),
  });
}
