import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxType } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';

/** GET /api/v1/taxType/: the tax types with the rate valid today. */
export async function listTaxTypes(): Promise<TaxType[]> {
  const page = await api.get<{ count: number; results: TaxType[] }>('taxType/', {
    params: { page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export function useTaxTypes() {
  return useQuery(queryOptions({ queryKey: ['ledger', 'tax-types'], queryFn: listTaxTypes }));
}
