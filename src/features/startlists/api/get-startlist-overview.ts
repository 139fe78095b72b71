import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StartlistOverview } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** GET /api/v1/venue/{id}/startlists/: the venue's competitions by event with entry counts. */
export function getStartlistOverview(venue: number): Promise<StartlistOverview> {
  return api.get<StartlistOverview>(`venue/${venue}/startlists/`);
}

export const startlistOverviewQueryOptions = (venue: number) =>
  queryOptions({ queryKey: startlistKeys.overview(venue), queryFn: () => getStartlistOverview(venue) });

export function useStartlistOverview(venue: number) {
  return useQuery(startlistOverviewQueryOptions(venue));
}
