import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ranking } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/** GET /api/v1/competition/{id}/ranking/: the rows ranked by the rule, each place's prize and what was paid. */
export function getRanking(competition: number): Promise<Ranking> {
  return api.get<Ranking>(`competition/${competition}/ranking/`);
}

export const rankingQueryOptions = (competition: number) =>
  queryOptions({ queryKey: resultsKeys.ranking(competition), queryFn: () => getRanking(competition), staleTime: 0 });

export function useRanking(competition: number) {
  return useQuery(rankingQueryOptions(competition));
}
