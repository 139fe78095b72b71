import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Consumable } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import type { ConsumableInput } from './create-consumable';
import { venueKeys } from './keys';

/** PATCH /api/v1/consumable/{id}/ (admins). */
export function updateConsumable({ id, ...input }: Partial<ConsumableInput> & { id: number }): Promise<Consumable> {
  return api.patch<Consumable>(`consumable/${id}/`, input);
}

export function useUpdateConsumable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsumable,
    onSuccess: (consumable) => queryClient.invalidateQueries({ queryKey: venueKeys.consumables(consumable.venue) }),
  });
}
