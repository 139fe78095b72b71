import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RankingRow, ResultInput } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/** PUT /api/v1/competitionEntry/{id}/result/: one starter's result (checked against the competition's rule). */
export function saveResult({ entry, input }: { entry: number; input: ResultInput }): Promise<RankingRow> {
  return api.put<RankingRow>(`competitionEntry/${entry}/result/`, input);
}

export function useSaveResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveResult,
    onSuccess: () => void client.invalidateQueries({ queryKey: resultsKeys.all }),
  });
}
