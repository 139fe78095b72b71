import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { horseMetaInput, RiderHorse } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type HorseMetaInput = z.input<typeof horseMetaInput>;

/** PATCH /api/v1/rider/horseMeta/ {rider, horse, others}: the owner data of a rider's horse. */
export function updateHorseMeta(input: HorseMetaInput): Promise<RiderHorse> {
  requireParams({ rider: input.rider, horse: input.horse });
  return api.patch<RiderHorse>('rider/horseMeta/', input);
}

export function useUpdateHorseMeta() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateHorseMeta,
    onSuccess: (saved) => {
      client.setQueryData(riderKeys.horse(saved.rider, saved.id), saved);
      return client.invalidateQueries({ queryKey: riderKeys.horses(saved.rider), exact: true });
    },
  });
}
