import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCard } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { paymentKeys, rowsOf } from '../keys';

/** GET /api/v1/user/{id}/cards/: the user's saved cards (not removed). */
export async function listCards(user: number | null): Promise<SavedCard[]> {
  requireParams({ data: user });
  return rowsOf(await api.get<SavedCard[] | { results: SavedCard[] }>(`user/${user}/cards/`));
}

export const cardsQueryOptions = (user: number) =>
  queryOptions({ queryKey: paymentKeys.cards(user), queryFn: () => listCards(user), staleTime: 0 });

/** The saved cards as a RecordTable list; nothing asked while the user is unknown. */
export function useCards(user: number | null) {
  return useQuery({
    ...cardsQueryOptions(user ?? 0),
    enabled: user !== null,
    select: (cards) => ({ count: cards.length, results: cards }),
  });
}
