import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export interface CountryList {
  count: number;
  results: Country[];
}

/** GET /api/v1/country/: the whole reference list in one page. */
export function listCountries(): Promise<CountryList> {
  return api.get<CountryList>('country/', { params: { page_size: MAX_PAGE_SIZE } });
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: configurationKeys.countries, queryFn: listCountries });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
