import { useQuery } from '@tanstack/react-query';
import type { EntryCandidate } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** GET /api/v1/competition/{id}/candidates/: the venue's riders and horses not entered yet. */
export function getEntryCandidates(competition: number): Promise<EntryCandidate[]> {
  return api.get<EntryCandidate[]>(`competition/${competition}/candidates/`);
}

export function useEntryCandidates(competition: number, enabled: boolean) {
  return useQuery({
    queryKey: startlistKeys.candidates(competition),
    queryFn: () => getEntryCandidates(competition),
    enabled,
  });
}
