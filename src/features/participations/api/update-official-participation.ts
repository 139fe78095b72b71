import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficialParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import type { OfficialParticipationInput } from './create-official-participation';
import { participationKeys } from './keys';

/** PATCH /api/v1/officialParticipation/{id}/ */
export function updateOfficialParticipation({
  id,
  ...input
}: Partial<OfficialParticipationInput> & { id: number }): Promise<OfficialParticipation> {
  return api.patch<OfficialParticipation>(`officialParticipation/${id}/`, input);
}

export function useUpdateOfficialParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfficialParticipation,
    onSuccess: (participation) =>
      queryClient.invalidateQueries({ queryKey: participationKeys.officials(participation.venue) }),
  });
}
