import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { headNumbersDeleteInput } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';
import type { ParticipationPage } from './list-participations';

export type HeadNumbersDeleteInput = z.input<typeof headNumbersDeleteInput>;

/** POST /api/v1/venue/{id}/deleteHeadNumbers/: takes the head numbers back (all of the venue by default). */
export function deleteHeadNumbers({ venueId, ...input }: HeadNumbersDeleteInput & { venueId: number }) {
  return api.post<ParticipationPage>(`venue/${venueId}/deleteHeadNumbers/`, input);
}

export function useDeleteHeadNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHeadNumbers,
    onSuccess: (_, { venueId }) => queryClient.invalidateQueries({ queryKey: participationKeys.venue(venueId) }),
  });
}
