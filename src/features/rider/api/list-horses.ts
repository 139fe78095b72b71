import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiderHorse } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export interface RiderHorses {
  results: RiderHorse[];
}

/** GET /api/v1/rider/{id}/horses/: the rider's horses with their owner data. */
export function listHorses(rider: number): Promise<RiderHorses> {
  requireParams({ rider });
  return api.get<RiderHorses>(`rider/${rider}/horses/`);
}

export const horsesQueryOptions = (rider: number) =>
  queryOptions({
    queryKey: riderKeys.horses(rider),
    queryFn: () => listHorses(rider),
    // RecordTable reads a count.
    select: (data) => ({ count: data.results.length, results: data.results }),
  });

export function useRiderHorses(rider: number) {
  return useQuery(horsesQueryOptions(rider));
}
