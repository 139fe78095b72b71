import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RankingRow } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/** DELETE /api/v1/competitionEntry/{id}/result/: the starter has no result again. */
export function clearResult(entry: number): Promise<RankingRow> {
  return api.delete<RankingRow>(`competitionEntry/${entry}/result/`);
}

export function useClearResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearResult,
    onSuccess: () => void client.invalidateQueries({ queryKey: resultsKeys.all }),
  });
}
