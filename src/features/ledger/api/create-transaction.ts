import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Transaction, TransactionInput } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { invalidateLedger } from '../invalidate-ledger';

export interface CreateTransaction {
  input: TransactionInput;
  /** One per submission (use-idempotency-key): a replay of the same key never posts twice. */
  idempotencyKey: string;
}

/** POST /api/v1/transaction/ with its Idempotency-Key header → the new entry. */
export function createTransaction({ input, idempotencyKey }: CreateTransaction): Promise<Transaction> {
  return api.post<Transaction>('transaction/', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTransaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createTransaction, onSuccess: () => invalidateLedger(client) });
}
