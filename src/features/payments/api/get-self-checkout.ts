import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelfCheckout } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { paymentKeys } from '../keys';

/** GET /api/v1/rider/{riderId}/selfCheckout/{venueId}/: the show's statement and what is left to pay. */
export function getSelfCheckout(rider: number | null, venue: number | null): Promise<SelfCheckout> {
  requireParams({ rider, venue });
  return api.get<SelfCheckout>(`rider/${rider}/selfCheckout/${venue}/`);
}

const selfCheckoutQueryOptions = (rider: number | null, venue: number | null) =>
  queryOptions({
    queryKey: paymentKeys.selfCheckout(rider ?? 0, venue ?? 0),
    queryFn: () => getSelfCheckout(rider, venue),
    staleTime: 0,
  });

export function useSelfCheckout(rider: number | null, venue: number | null) {
  return useQuery({ ...selfCheckoutQueryOptions(rider, venue), enabled: rider !== null && venue !== null });
}

/** The statement's lines as a RecordTable list. */
export function useSelfCheckoutLines(rider: number | null, venue: number | null) {
  return useQuery({
    ...selfCheckoutQueryOptions(rider, venue),
    enabled: rider !== null && venue !== null,
    select: (checkout) => ({ count: checkout.lines.length, results: checkout.lines }),
  });
}
