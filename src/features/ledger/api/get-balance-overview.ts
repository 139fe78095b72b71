import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { PartyType } from '@shared/ledger';
import type { BalanceOverview } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

export const BALANCE_STATUSES = ['all', 'open', 'owing', 'credit'] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];

export interface BalanceFilters {
  search: string | null;
  party_type: PartyType | null;
  /** open: balance ≠ 0, owing: < 0, credit: > 0 */
  status: BalanceStatus;
}

export const NO_BALANCE_FILTERS: BalanceFilters = { search: null, party_type: null, status: 'all' };

/** GET /api/v1/balance/?venue= (admins): venue totals, VAT per rate and one page of parties. */
export function getBalanceOverview(venue: number, filters: BalanceFilters, page: number): Promise<BalanceOverview> {
  return api.get<BalanceOverview>('balance/', {
    params: { venue, page, page_size: DEFAULT_PAGE_SIZE, ...filters },
  });
}

export const balanceOverviewQueryOptions = (venue: number, filters: BalanceFilters, page: number) =>
  queryOptions({
    queryKey: ['balances', 'overview', venue, filters, page],
    queryFn: () => getBalanceOverview(venue, filters, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useBalanceOverview(venue: number, filters: BalanceFilters, page: number) {
  return useQuery(balanceOverviewQueryOptions(venue, filters, page));
}
