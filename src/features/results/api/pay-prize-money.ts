import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrizePayment } from '@shared/schemas/results';
import { api } from '@/lib/api-client';
import { resultsKeys } from '../keys';

/**
 * POST /api/v1/competition/{id}/payPrizeMoney/ with its Idempotency-Key: what each starter is owed
 * by the published ranking beyond what was paid is posted once (a retry never pays twice).
 */
export function payPrizeMoney({
  competition,
  idempotencyKey,
}: {
  competition: number;
  idempotencyKey: string;
}): Promise<PrizePayment> {
  return api.post<PrizePayment>(`competition/${competition}/payPrizeMoney/`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePayPrizeMoney() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payPrizeMoney,
    onSuccess: () => void client.invalidateQueries({ queryKey: resultsKeys.all }),
  });
}
