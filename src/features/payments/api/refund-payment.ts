import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRefund, RefundInput } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys } from '../keys';

export interface RefundPayment {
  payment: number;
  input: RefundInput;
  /** One per attempt (use-idempotency-key): a repeated request never refunds twice. */
  idempotencyKey: string;
}

/** POST /api/v1/cardPayments/{id}/refund/ (office): all of what is not refunded yet, or `amount`. */
export function refundPayment({ payment, input, idempotencyKey }: RefundPayment): Promise<CardRefund> {
  return api.post<CardRefund>(`cardPayments/${payment}/refund/`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
