import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction, TransactionEdit } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { invalidateLedger } from '../invalidate-ledger';

export interface EditTransaction {
  id: number;
  input: TransactionEdit;
  idempotencyKey: string;
}

/**
 * PATCH /api/v1/transaction/{id}/: the server reverses the entry and posts the corrected one,
 * which it answers with. The key keeps a retried edit from correcting twice.
 */
export function editTransaction({ id, input, idempotencyKey }: EditTransaction): Promise<Transaction> {
  return api.patch<Transaction>(`transaction/${id}/`, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useEditTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editTransaction, onSuccess: () => invalidateLedger(client) });
}
