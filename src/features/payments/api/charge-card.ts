import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPayment, ChargeCardInput } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys } from '../keys';

export interface ChargeCard {
  venue: number;
  input: ChargeCardInput;
  /** One per attempt (use-idempotency-key): a repeated request never charges twice. */
  idempotencyKey: string;
}

/** POST /api/v1/venue/{id}/chargeCard/ (office): charge a party's saved card off-session. */
export function chargeCard({ venue, input, idempotencyKey }: ChargeCard): Promise<CardPayment> {
  return api.post<CardPayment>(`venue/${venue}/chargeCard/`, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useChargeCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: chargeCard,
    onSettled: (_payment, _error, { venue }) =>
      client.invalidateQueries({ queryKey: paymentKeys.venuePayments(venue) }),
  });
}
