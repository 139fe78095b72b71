import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutBatch } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { payoutKeys } from '../keys';

export type BatchChange = 'sent' | 'cancel';

/**
 * POST /api/v1/payoutBatch/{id}/sent/ (handed to the bank) or …/cancel/ (only before that: the
 * payouts' reversals are posted once). Both answer the batch; asking again changes nothing.
 */
export function changePayoutBatch({ batch, change }: { batch: number; change: BatchChange }): Promise<PayoutBatch> {
  return api.post<PayoutBatch>(`payoutBatch/${batch}/${change}/`);
}

export function useChangePayoutBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePayoutBatch,
    onSettled: () => void client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
