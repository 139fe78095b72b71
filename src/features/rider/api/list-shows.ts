import { useQuery } from '@tanstack/react-query';
import type { OwnerShow } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

/** GET /api/v1/rider/{id}/shows/: the shows the rider is at, with the balance there. */
export function listShows(rider: number): Promise<{ results: OwnerShow[] }> {
  requireParams({ rider });
  return api.get(`rider/${rider}/shows/`);
}

export function useRiderShows(rider: number) {
  return useQuery({
    queryKey: riderKeys.shows(rider),
    queryFn: () => listShows(rider),
    // Balances move all the time.
    staleTime: 0,
    select: (data) => ({ count: data.results.length, results: data.results }),
  });
}
