import { useQuery } from '@tanstack/react-query';
import type { EvclFees } from '@shared/schemas/people';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { api } from '@/lib/api-client';
import { merchantKeys } from './keys';

/** GET /api/v1/merchant/{id}/evclFees/?venue=: the merchant's fee plan and the fees charged, with totals per currency. */
export function getEvclFees(merchant: number, venue: number | null): Promise<EvclFees> {
  return api.get<EvclFees>(`merchant/${merchant}/evclFees/`, { params: { venue, page_size: DEFAULT_PAGE_SIZE } });
}

export function useEvclFees(merchant: number, venue: number | null = null) {
  return useQuery({ queryKey: merchantKeys.fees(merchant, venue), queryFn: () => getEvclFees(merchant, venue) });
}
