import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { groomAction } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';
import type { RiderGrooms } from './list-grooms';

export type GroomAction = z.input<typeof groomAction>;

/** POST /api/v1/rider/{id}/grooms/: add a groom (`{action: 'add', groom}`) or remove one (`{id, action: 'remove'}`). */
export function changeGrooms(rider: number, action: GroomAction): Promise<RiderGrooms> {
  requireParams({ rider, ...(action.action === 'remove' ? { groom: action.id } : { data: action.groom }) });
  return api.post<RiderGrooms>(`rider/${rider}/grooms/`, action);
}

export function useChangeGrooms(rider: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: GroomAction) => changeGrooms(rider, action),
    onSuccess: (list) => client.setQueryData(riderKeys.grooms(rider), list),
  });
}
