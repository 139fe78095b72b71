import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePayoutInput, PayoutBatch } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { payoutKeys } from '../keys';

export interface CreatePayoutBatch {
  venue: number;
  input: CreatePayoutInput;
  /** One per submission (use-idempotency-key): a retried request never pays out twice. */
  idempotencyKey: string;
}

/**
 * POST /api/v1/venue/{id}/payouts/ with its Idempotency-Key → the new batch (201): the SEPA file
 * is written and each payout posted to the ledger once.
 */
export function createPayoutBatch({ venue, input, idempotencyKey }: CreatePayoutBatch): Promise<PayoutBatch> {
  return api.post<PayoutBatch>(`venue/${venue}/payouts/`, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePayoutBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPayoutBatch,
    onSuccess: () => void client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
