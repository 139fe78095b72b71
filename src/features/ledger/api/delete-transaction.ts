import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateLedger } from '../invalidate-ledger';

/** DELETE /api/v1/transaction/{id}/: posts a reversal; the entry stays in the history. */
export function deleteTransaction(id: number): Promise<void> {
  return api.delete(`transaction/${id}/`);
}

export function useDeleteTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTransaction, onSuccess: () => invalidateLedger(client) });
}
