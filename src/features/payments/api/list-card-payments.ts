import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardPayment } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys, rowsOf, type PayerRef } from '../keys';
import { isSettling, PAYMENT_POLL_MS } from './get-payment';

/** GET /api/v1/venue/{id}/cardPayments/?party_type=&party_id= (office): the venue's card payments. */
export async function listCardPayments(venue: number, party: PayerRef | null): Promise<CardPayment[]> {
  const answer = await api.get<CardPayment[] | { results: CardPayment[] }>(`venue/${venue}/cardPayments/`, {
    params: { party_type: party?.type, party_id: party?.id },
  });
  return rowsOf(answer);
}

/**
 * `enabled` false until the server is known to take cards: without card keys the list answers
 * 409 `cards_not_configured`, which would show as a red toast on every visit of the page.
 */
export function useCardPayments(venue: number, party: PayerRef | null = null, enabled = true) {
  return useQuery({
    enabled,
    ...queryOptions({
      queryKey: paymentKeys.venuePayments(venue, party?.type ?? null, party?.id ?? null),
      queryFn: () => listCardPayments(venue, party),
      staleTime: 0,
      select: (rows) => ({ count: rows.length, results: rows }),
    }),
    // A payment under way (confirmed, not in the ledger yet): asked again every 2 s while the page is open.
    refetchInterval: (query) => (query.state.data?.some(isSettling) ? 2 * PAYMENT_POLL_MS : false),
  });
}
