import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export interface CurrencyList {
  count: number;
  results: Currency[];
}

/** GET /api/v1/currency/: the whole reference list in one page. */
export function listCurrencies(): Promise<CurrencyList> {
  return api.get<CurrencyList>('currency/', { params: { page_size: MAX_PAGE_SIZE } });
}

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: configurationKeys.currencies, queryFn: listCurrencies });

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
