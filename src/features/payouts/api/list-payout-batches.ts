import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutBatchList, PayoutBatchSummary } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { payoutKeys } from '../keys';

/** GET /api/v1/venue/{id}/payouts/: the venue's payout files, newest first. */
export function listPayoutBatches(venue: number): Promise<PayoutBatchList> {
  return api.get<PayoutBatchList>(`venue/${venue}/payouts/`);
}

export const payoutBatchesQueryOptions = (venue: number) =>
  queryOptions({
    queryKey: payoutKeys.batches(venue),
    queryFn: () => listPayoutBatches(venue),
    select: (list): { count: number; results: PayoutBatchSummary[] } => ({
      count: list.results.length,
      results: list.results,
    }),
  });

export function usePayoutBatches(venue: number) {
  return useQuery(payoutBatchesQueryOptions(venue));
}
