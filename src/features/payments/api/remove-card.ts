import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentKeys } from '../keys';

/** DELETE /api/v1/user/{id}/cards/{cardId}/: detached at the provider and no longer listed. */
export function removeCard({ user, card }: { user: number; card: number }): Promise<void> {
  return api.delete(`user/${user}/cards/${card}/`);
}

export function useRemoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSettled: (_result, _error, { user }) => client.invalidateQueries({ queryKey: paymentKeys.cards(user) }),
  });
}
