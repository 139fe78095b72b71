import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Horse } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

interface HorsePage {
  count: number;
  results: Horse[];
}

/** GET /api/v1/horse/?search= (staff): horses by name, FEI id or national id. */
export function searchHorses(query: string): Promise<HorsePage> {
  return api.get<HorsePage>('horse/', { params: { search: query.trim() } });
}

export const horseSearchQueryOptions = (query: string) =>
  queryOptions({ queryKey: participationKeys.horseSearch(query.trim()), queryFn: () => searchHorses(query) });

/** Searches once at least two characters are typed. */
export function useHorseSearch(query: string) {
  return useQuery({
    ...horseSearchQueryOptions(query),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
