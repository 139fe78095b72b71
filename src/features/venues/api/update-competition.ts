import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Competition } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import type { CompetitionInput } from './create-competition';
import { venueKeys } from './keys';

/** PATCH /api/v1/competition/{id}/ (admins). */
export function updateCompetition({ id, ...input }: Partial<CompetitionInput> & { id: number }): Promise<Competition> {
  return api.patch<Competition>(`competition/${id}/`, input);
}

export function useUpdateCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompetition,
    onSuccess: (competition) => {
      queryClient.setQueryData(venueKeys.competition(competition.id), competition);
      return queryClient.invalidateQueries({ queryKey: venueKeys.competitions(competition.venue) });
    },
  });
}
