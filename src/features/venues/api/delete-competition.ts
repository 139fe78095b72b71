import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Competition } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** DELETE /api/v1/competition/{id}/ (admins). */
export function deleteCompetition(competition: Pick<Competition, 'id' | 'venue'>): Promise<void> {
  return api.delete(`competition/${competition.id}/`);
}

export function useDeleteCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompetition,
    onSuccess: (_, competition) => {
      queryClient.removeQueries({ queryKey: venueKeys.competition(competition.id) });
      return queryClient.invalidateQueries({ queryKey: venueKeys.competitions(competition.venue) });
    },
  });
}
