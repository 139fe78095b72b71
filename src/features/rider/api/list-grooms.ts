import { useQuery } from '@tanstack/react-query';
import type { Groom } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export interface RiderGrooms {
  results: Groom[];
}

/** GET /api/v1/rider/{id}/grooms/. */
export function listGrooms(rider: number): Promise<RiderGrooms> {
  requireParams({ rider });
  return api.get<RiderGrooms>(`rider/${rider}/grooms/`);
}

export function useRiderGrooms(rider: number) {
  return useQuery({
    queryKey: riderKeys.grooms(rider),
    queryFn: () => listGrooms(rider),
    select: (data) => ({ count: data.results.length, results: data.results }),
  });
}
