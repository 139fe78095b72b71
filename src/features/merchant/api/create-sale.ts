import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { merchantKeys } from './keys';

/** What a sale needs; the rest of the entry comes from the merchant's fee plan and the venue. */
export interface SaleInput {
  venue: number | null;
  merchant: number;
  rider: number | null;
  description: string;
  quantity: number;
  unit_price: number;
}

/** Turns a body into its Idempotency-Key and forgets it once the outcome is known (ledger's hook). */
export interface IdempotencyKeys {
  keyFor(body: unknown): string;
  settle(error?: unknown): void;
}

/** The ledger entry of a sale: POST /api/v1/transaction/ kind `sale`, the rider charged, the merchant credited. */
export function saleBody(sale: SaleInput) {
  requireParams({ venue: sale.venue, rider: sale.rider });
  return {
    venue: sale.venue as number,
    kind: 'sale' as const,
    party_type: 'rider' as const,
    party_id: sale.rider as number,
    merchant: sale.merchant,
    source: 'merchant' as const,
    description: sale.description.trim() || undefined,
    quantity: sale.quantity,
    unit_price: sale.unit_price,
  };
}

export function createSale(body: ReturnType<typeof saleBody>, idempotencyKey: string): Promise<Transaction> {
  return api.post<Transaction>('transaction/', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateSale(keys: IdempotencyKeys) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sale: SaleInput) => {
      const body = saleBody(sale);
      try {
        const saved = await createSale(body, keys.keyFor(body));
        keys.settle();
        return saved;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
    onSuccess: (_saved, sale) => client.invalidateQueries({ queryKey: merchantKeys.allSales(sale.merchant) }),
  });
}
