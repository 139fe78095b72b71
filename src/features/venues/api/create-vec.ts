import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Vec, vecInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type VecInput = z.input<typeof vecInput>;

/** POST /api/v1/venueEventCategory/ (admins). */
export function createVec(input: VecInput): Promise<Vec> {
  return api.post<Vec>('venueEventCategory/', input);
}

export function useCreateVec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVec,
    onSuccess: (vec) => queryClient.invalidateQueries({ queryKey: venueKeys.vecs(vec.venue) }),
  });
}
