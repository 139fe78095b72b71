import { useQuery } from '@tanstack/react-query';
import type { Horse } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { riderKeys } from './keys';

/** How many matches the search offers. */
const MATCHES = 20;

/** GET /api/v1/horse/?search=: horses already on record, by name or FEI id. */
export function searchHorses(search: string): Promise<{ count: number; results: Horse[] }> {
  return api.get('horse/', { params: { search, page_size: MATCHES } });
}

/** Asks only once something was typed. */
export function useHorseSearch(search: string) {
  return useQuery({
    queryKey: riderKeys.horseSearch(search),
    queryFn: () => searchHorses(search),
    enabled: search.trim().length > 0,
  });
}
