import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { TransactionPage } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';
import { merchantKeys } from './keys';

/** GET /api/v1/transaction/?merchant={id}: the merchant's sales, newest first; `day` (YYYY-MM-DD) narrows to one day. */
export function listSales(merchant: number, day: string | null, page = 1): Promise<TransactionPage> {
  return api.get<TransactionPage>('transaction/', {
    params: { merchant, kind: 'sale', date_from: day, date_to: day, page, page_size: DEFAULT_PAGE_SIZE },
  });
}

export function useSales(merchant: number, day: string | null = null) {
  return useQuery({
    queryKey: merchantKeys.sales(merchant, day),
    queryFn: () => listSales(merchant, day),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
