import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RankingSummaryList } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/** GET /api/v1/venue/{id}/rankings/: the venue's competitions with their results and publication. */
export function listRankings(venue: number): Promise<RankingSummaryList> {
  return api.get<RankingSummaryList>(`venue/${venue}/rankings/`);
}

export const rankingsQueryOptions = (venue: number) =>
  queryOptions({ queryKey: resultsKeys.rankings(venue), queryFn: () => listRankings(venue) });

export function useRankings(venue: number) {
  return useQuery(rankingsQueryOptions(venue));
}
