import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys } from '../keys';

/** POST /api/v1/user/{id}/stripe/ {token} (spec §7): save the card of a succeeded setup intent. */
export function saveCard({ user, token }: { user: number; token: string }): Promise<SavedCard> {
  return api.post<SavedCard>(`user/${user}/stripe/`, { token });
}

export function useSaveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: (_card, { user }) => client.invalidateQueries({ queryKey: paymentKeys.cards(user) }),
  });
}
