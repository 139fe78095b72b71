import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ranking } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/** POST /api/v1/competition/{id}/publish/ {published}: the ranking public from now, or held back. */
export function publishRanking({
  competition,
  published,
}: {
  competition: number;
  published: boolean;
}): Promise<Ranking> {
  return api.post<Ranking>(`competition/${competition}/publish/`, { published });
}

export function usePublishRanking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishRanking,
    onSuccess: () => void client.invalidateQueries({ queryKey: resultsKeys.all }),
  });
}
