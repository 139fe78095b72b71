import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCard } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys, rowsOf, type PayerRef } from '../keys';

/** GET /api/v1/venue/{id}/partyCards/?party_type=&party_id= (office): the cards that party may be charged on. */
export async function listPartyCards(venue: number, party: PayerRef): Promise<SavedCard[]> {
  const answer = await api.get<SavedCard[] | { results: SavedCard[] }>(`venue/${venue}/partyCards/`, {
    params: { party_type: party.type, party_id: party.id },
  });
  return rowsOf(answer);
}

export function usePartyCards(venue: number, party: PayerRef | null) {
  return useQuery({
    ...queryOptions({
      queryKey: paymentKeys.partyCards(venue, party?.type ?? 'rider', party?.id ?? 0),
      queryFn: () => listPartyCards(venue, party!),
      staleTime: 0,
    }),
    enabled: party !== null,
  });
}
