import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Consumable, consumableInput } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

export type ConsumableInput = z.input<typeof consumableInput>;

/** POST /api/v1/consumable/ (admins). */
export function createConsumable(input: ConsumableInput): Promise<Consumable> {
  return api.post<Consumable>('consumable/', input);
}

export function useCreateConsumable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsumable,
    onSuccess: (consumable) => queryClient.invalidateQueries({ queryKey: venueKeys.consumables(consumable.venue) }),
  });
}
