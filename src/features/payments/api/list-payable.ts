import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payable } from '@shared/schemas/payments';
import { api } from '@/lib/api-client';
import { paymentKeys, rowsOf, type PayerRef } from '../keys';

/** GET /api/v1/payments/payable/?party_type=&party_id=: the venues where the party owes money. */
export async function listPayable(payer: PayerRef): Promise<Payable[]> {
  const answer = await api.get<Payable[] | { results: Payable[] }>('payments/payable/', {
    params: { party_type: payer.type, party_id: payer.id },
  });
  return rowsOf(answer);
}

export function usePayable(payer: PayerRef) {
  return useQuery(
    queryOptions({
      queryKey: paymentKeys.payable(payer.type, payer.id),
      queryFn: () => listPayable(payer),
      staleTime: 0,
    }),
  );
}
