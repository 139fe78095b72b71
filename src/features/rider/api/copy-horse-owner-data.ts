import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { copyHorseOwnerDataInput, RiderHorse } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type CopyHorseOwnerData = z.input<typeof copyHorseOwnerDataInput>;

/** POST /api/v1/rider/copyHorseOwnerData/ {source, target} (rider-horse links) → the target. */
export function copyHorseOwnerData(input: CopyHorseOwnerData): Promise<RiderHorse> {
  requireParams({ horse: input.source, data: input.target });
  return api.post<RiderHorse>('rider/copyHorseOwnerData/', input);
}

export function useCopyHorseOwnerData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyHorseOwnerData,
    onSuccess: (target) => {
      client.setQueryData(riderKeys.horse(target.rider, target.id), target);
      return client.invalidateQueries({ queryKey: riderKeys.horses(target.rider), exact: true });
    },
  });
}
