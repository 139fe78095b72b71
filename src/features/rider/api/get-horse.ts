import { useQuery } from '@tanstack/react-query';
import type { RiderHorse } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

/** GET /api/v1/rider/{id}/horses/{horseId}/: one of the rider's horses with its owner data. */
export function getHorse(rider: number, horse: number): Promise<RiderHorse> {
  requireParams({ rider, horse });
  return api.get<RiderHorse>(`rider/${rider}/horses/${horse}/`);
}

export function useRiderHorse(rider: number, horse: number) {
  return useQuery({ queryKey: riderKeys.horse(rider, horse), queryFn: () => getHorse(rider, horse) });
}
