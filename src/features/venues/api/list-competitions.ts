import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Competition } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

export interface CompetitionList {
  count: number;
  results: Competition[];
}

/** GET /api/v1/competition/?venue=: the venue's competitions. */
export async function listCompetitions(venueId: number | null): Promise<CompetitionList> {
  requireParams({ venue: venueId });
  return api.get<CompetitionList>('competition/', { params: { venue: venueId, page_size: MAX_PAGE_SIZE } });
}

export const competitionsQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.competitions(venueId), queryFn: () => listCompetitions(venueId) });

export function useCompetitions(venueId: number) {
  return useQuery(competitionsQueryOptions(venueId));
}
