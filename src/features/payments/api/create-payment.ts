import type { CreatePaymentInput, PaymentIntent } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/payments/ with its Idempotency-Key (one per attempt, use-idempotency-key): the
 * PaymentIntent the page then confirms with the provider. Nothing is posted to the ledger here.
 */
export function createPayment(input: CreatePaymentInput, idempotencyKey: string): Promise<PaymentIntent> {
  return api.post<PaymentIntent>('payments/', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}
