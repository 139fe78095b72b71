import { useQuery } from '@tanstack/react-query';
import type { Groom } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

/** GET /api/v1/groom/{id}/. */
export function getGroom(groom: number): Promise<Groom> {
  requireParams({ groom });
  return api.get<Groom>(`groom/${groom}/`);
}

export function useGroom(groom: number) {
  return useQuery({ queryKey: riderKeys.groom(groom), queryFn: () => getGroom(groom) });
}
