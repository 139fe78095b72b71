import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Competition, competitionInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type CompetitionInput = z.input<typeof competitionInput>;

/** POST /api/v1/competition/ (admins). */
export function createCompetition(input: CompetitionInput): Promise<Competition> {
  return api.post<Competition>('competition/', input);
}

export function useCreateCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompetition,
    onSuccess: (competition) => {
      queryClient.setQueryData(venueKeys.competition(competition.id), competition);
      return queryClient.invalidateQueries({ queryKey: venueKeys.competitions(competition.venue) });
    },
  });
}
