import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Groom, groomInput } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type GroomInput = z.input<typeof groomInput>;

/** PATCH /api/v1/groom/{id}/. */
export function updateGroom(groom: number, input: GroomInput): Promise<Groom> {
  requireParams({ groom });
  return api.patch<Groom>(`groom/${groom}/`, input);
}

export function useUpdateGroom(groom: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GroomInput) => updateGroom(groom, input),
    onSuccess: (saved) => {
      client.setQueryData(riderKeys.groom(saved.id), saved);
      return client.invalidateQueries({ queryKey: riderKeys.grooms(saved.rider) });
    },
  });
}
