import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceSummary } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

/** GET /api/v1/balance/summary/ (admins): every venue's totals, and totals per currency. */
export function getBalanceSummary(): Promise<BalanceSummary> {
  return api.get<BalanceSummary>('balance/summary/');
}

export const balanceSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['balances', 'summary'], queryFn: getBalanceSummary, staleTime: 0 });

export function useBalanceSummary() {
  return useQuery(balanceSummaryQueryOptions());
}
