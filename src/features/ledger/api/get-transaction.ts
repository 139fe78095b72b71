import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

/** GET /api/v1/transaction/{id}/ */
export function getTransaction(id: number): Promise<Transaction> {
  return api.get<Transaction>(`transaction/${id}/`);
}

export const transactionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['transactions', 'detail', id], queryFn: () => getTransaction(id), staleTime: 0 });

export function useTransaction(id: number) {
  return useQuery(transactionQueryOptions(id));
}
