import { useMutation } from '@tanstack/react-query';
import type { CompetitionImport } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';

/** POST /api/v1/venue/{id}/importCompetitions/ {commit}: the show's schedule, previewed or created. */
export function importCompetitions({ venue, commit }: { venue: number; commit: boolean }): Promise<CompetitionImport> {
  return api.post<CompetitionImport>(`venue/${venue}/importCompetitions/`, { commit });
}

export function useImportCompetitions() {
  return useMutation({ mutationFn: importCompetitions });
}
