import { useQuery } from '@tanstack/react-query';
import type { FeiResultList } from '@shared/schemas/fei';
import { api } from '@/lib/api-client';
import { feiKeys } from '../keys';

/** GET /api/v1/venue/{id}/feiResults/: the published competitions the results XML holds. */
export function listFeiResults(venue: number): Promise<FeiResultList> {
  return api.get<FeiResultList>(`venue/${venue}/feiResults/`);
}

export function useFeiResults(venue: number) {
  return useQuery({ queryKey: feiKeys.results(venue), queryFn: () => listFeiResults(venue) });
}
