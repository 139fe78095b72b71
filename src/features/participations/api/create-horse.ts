import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Horse, horseInput } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

export type HorseInput = z.input<typeof horseInput>;

/** POST /api/v1/horse/ (staff): a horse not yet known, at least by its name. */
export function createHorse(input: HorseInput): Promise<Horse> {
  return api.post<Horse>('horse/', input);
}

export function useCreateHorse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHorse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participationKeys.horseSearches }),
  });
}
