import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { horseAction } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';
import type { RiderHorses } from './list-horses';

export type HorseAction = z.input<typeof horseAction>;

/**
 * POST /api/v1/rider/{id}/horses/: assign an existing horse (`{id, action: 'add'}`), create and
 * assign one (`{action: 'add', horse}`) or unassign (`{id, action: 'remove'}`) → the new list.
 */
export function changeHorses(rider: number, action: HorseAction): Promise<RiderHorses> {
  requireParams({ rider, horse: 'id' in action ? action.id : 'horse' in action ? action.horse : null });
  return api.post<RiderHorses>(`rider/${rider}/horses/`, action);
}

export function useChangeHorses(rider: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: HorseAction) => changeHorses(rider, action),
    onSuccess: (list) => client.setQueryData(riderKeys.horses(rider), list),
  });
}
