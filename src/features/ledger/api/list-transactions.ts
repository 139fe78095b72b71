import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { PartyType, TransactionKind, TransactionSource } from '@shared/ledger';
import type { TransactionPage } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

/** What a page always shows: the venue, and optionally one party type, one party or one rider. */
export interface TransactionScope {
  venue: number;
  party_type?: PartyType;
  party_id?: number;
  /** Entries of a rider: as party, or as beneficiary of the employer's entries. */
  rider?: number;
}

/** What the person narrows the list to; null is "any". */
export interface TransactionFilters {
  kind: TransactionKind | null;
  source: TransactionSource | null;
  party_type: PartyType | null;
  /** YYYY-MM-DD, inclusive. */
  date_from: string | null;
  date_to: string | null;
  search: string | null;
  hide_reversed: boolean;
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = {
  kind: null,
  source: null,
  party_type: null,
  date_from: null,
  date_to: null,
  search: null,
  hide_reversed: false,
};

/** GET /api/v1/transaction/: one page (100) of a venue's entries with the totals of the whole list. */
export function listTransactions(
  scope: TransactionScope,
  filters: TransactionFilters,
  page: number,
): Promise<TransactionPage> {
  return api.get<TransactionPage>('transaction/', {
    params: {
      page,
      page_size: DEFAULT_PAGE_SIZE,
      ...filters,
      ...scope,
      party_type: scope.party_type ?? filters.party_type,
      hide_reversed: filters.hide_reversed ? 'true' : null,
    },
  });
}

export const transactionListQueryOptions = (scope: TransactionScope, filters: TransactionFilters, page: number) =>
  queryOptions({
    queryKey: ['transactions', 'list', scope, filters, page],
    queryFn: () => listTransactions(scope, filters, page),
    // Money moves all the time: read fresh on every visit, keep the old page while paging.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useTransactions(scope: TransactionScope, filters: TransactionFilters, page: number) {
  return useQuery(transactionListQueryOptions(scope, filters, page));
}
