import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Competition } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** GET /api/v1/competition/{id}/ */
export function getCompetition(id: number): Promise<Competition> {
  return api.get<Competition>(`competition/${id}/`);
}

export const competitionQueryOptions = (id: number) =>
  queryOptions({ queryKey: venueKeys.competition(id), queryFn: () => getCompetition(id) });

export function useCompetition(id: number) {
  return useQuery(competitionQueryOptions(id));
}
