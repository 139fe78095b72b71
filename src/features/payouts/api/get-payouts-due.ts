import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutDue } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { payoutKeys } from '../keys';

/** GET /api/v1/venue/{id}/payouts/due/: what the venue owes, per payee, and its bank accounts. */
export function getPayoutsDue(venue: number): Promise<PayoutDue> {
  return api.get<PayoutDue>(`venue/${venue}/payouts/due/`);
}

export const payoutsDueQueryOptions = (venue: number) =>
  queryOptions({ queryKey: payoutKeys.due(venue), queryFn: () => getPayoutsDue(venue), staleTime: 0 });

export function usePayoutsDue(venue: number) {
  return useQuery(payoutsDueQueryOptions(venue));
}
