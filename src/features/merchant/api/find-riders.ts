import { useQuery } from '@tanstack/react-query';
import type { PersonAtVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { merchantKeys } from './keys';

/** How many riders the search offers. */
const MATCHES = 20;

/** GET /api/v1/merchant/riders/?venue=&search=: riders at the show by name or head number. */
export function findRiders(venue: number, search: string): Promise<{ count: number; results: PersonAtVenue[] }> {
  requireParams({ venue });
  return api.get('merchant/riders/', { params: { venue, search, page_size: MATCHES } });
}

export function useRiderSearch(venue: number | null, search: string) {
  return useQuery({
    queryKey: merchantKeys.riders(venue ?? 0, search),
    queryFn: () => findRiders(venue ?? Number.NaN, search),
    enabled: venue !== null && search.trim().length > 0,
  });
}
