import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficialParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

/** DELETE /api/v1/officialParticipation/{id}/ */
export function deleteOfficialParticipation(participation: Pick<OfficialParticipation, 'id' | 'venue'>): Promise<void> {
  return api.delete(`officialParticipation/${participation.id}/`);
}

export function useDeleteOfficialParticipation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfficialParticipation,
    onSuccess: (_, participation) =>
      queryClient.invalidateQueries({ queryKey: participationKeys.officials(participation.venue) }),
  });
}
