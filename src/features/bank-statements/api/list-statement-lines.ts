import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { BankLineStatus, ReviewList } from '@shared/schemas/payouts';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from '../keys';

/** GET /api/v1/venue/{id}/bankStatements/review/?status=: the credits in one state (unmatched: waiting for the office). */
export function listStatementLines(venue: number, status: BankLineStatus, page: number): Promise<ReviewList> {
  return api.get<ReviewList>(`venue/${venue}/bankStatements/review/`, {
    params: { status, page, page_size: DEFAULT_PAGE_SIZE },
  });
}

export const statementLinesQueryOptions = (venue: number, status: BankLineStatus, page: number) =>
  queryOptions({
    queryKey: bankStatementKeys.lines(venue, status, page),
    queryFn: () => listStatementLines(venue, status, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useStatementLines(venue: number, status: BankLineStatus, page: number) {
  return useQuery(statementLinesQueryOptions(venue, status, page));
}
