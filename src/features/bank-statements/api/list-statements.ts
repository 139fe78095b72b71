import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BankStatement, BankStatementList } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from '../keys';

/** GET /api/v1/venue/{id}/bankStatements/: the statements uploaded, newest first. */
export function listStatements(venue: number): Promise<BankStatementList> {
  return api.get<BankStatementList>(`venue/${venue}/bankStatements/`);
}

export const statementsQueryOptions = (venue: number) =>
  queryOptions({
    queryKey: bankStatementKeys.list(venue),
    queryFn: () => listStatements(venue),
    select: (list): { count: number; results: BankStatement[] } => ({
      count: list.results.length,
      results: list.results,
    }),
  });

export function useStatements(venue: number) {
  return useQuery(statementsQueryOptions(venue));
}
