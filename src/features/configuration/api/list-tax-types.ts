import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxType } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export interface TaxTypeList {
  count: number;
  results: TaxType[];
}

/** GET /api/v1/taxType/: every tax type with its rates, in one page. */
export function listTaxTypes(): Promise<TaxTypeList> {
  return api.get<TaxTypeList>('taxType/', { params: { page_size: MAX_PAGE_SIZE } });
}

export const taxTypesQueryOptions = () => queryOptions({ queryKey: configurationKeys.taxTypes, queryFn: listTaxTypes });

export function useTaxTypes() {
  return useQuery(taxTypesQueryOptions());
}
