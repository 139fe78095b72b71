import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StartList } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** GET /api/v1/competition/{id}/startlist/: the order of go with times and head numbers, withdrawn after. */
export function getStartList(competition: number): Promise<StartList> {
  return api.get<StartList>(`competition/${competition}/startlist/`);
}

export const startListQueryOptions = (competition: number) =>
  queryOptions({ queryKey: startlistKeys.list(competition), queryFn: () => getStartList(competition) });

export function useStartList(competition: number) {
  return useQuery(startListQueryOptions(competition));
}
