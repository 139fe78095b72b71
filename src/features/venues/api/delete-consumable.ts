import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Consumable } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** DELETE /api/v1/consumable/{id}/ (admins): one that was ever charged is deactivated instead. */
export function deleteConsumable(consumable: Pick<Consumable, 'id' | 'venue'>): Promise<void> {
  return api.delete(`consumable/${consumable.id}/`);
}

export function useDeleteConsumable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConsumable,
    onSuccess: (_, consumable) => queryClient.invalidateQueries({ queryKey: venueKeys.consumables(consumable.venue) }),
  });
}
