import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardPayment } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { paymentKeys } from '../keys';

/** GET /api/v1/payments/{intentId}/: the real outcome of a card payment (asked of the provider if need be). */
export function getPayment(intent: string | null): Promise<CardPayment> {
  requireParams({ data: intent });
  return api.get<CardPayment>(`payments/${encodeURIComponent(intent!)}/`, { noCache: true });
}

/** Until the provider's confirmation is in the ledger, asked again every second (at most a minute). */
export const PAYMENT_POLL_MS = 1000;
const POLL_LIMIT = 60;

/** Whether the payment may still change: not final, or confirmed but not posted yet. */
export function isSettling(payment: CardPayment): boolean {
  if (payment.status === 'succeeded') return payment.transaction === null;
  return (
    payment.status === 'processing' ||
    payment.status === 'requires_confirmation' ||
    payment.status === 'requires_action'
  );
}

export function usePayment(intent: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: paymentKeys.payment(intent ?? ''),
      queryFn: () => getPayment(intent),
      staleTime: 0,
      retry: false,
    }),
    enabled: intent !== null,
    refetchInterval: (query) =>
      query.state.data && isSettling(query.state.data) && query.state.dataUpdateCount < POLL_LIMIT
        ? PAYMENT_POLL_MS
        : false,
  });
}
