import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueBankAccount } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { configurationKeys } from './keys';

export interface BankAccountList {
  count: number;
  results: VenueBankAccount[];
}

/** GET /api/v1/venueBankAccount/?venue=: the accounts riders pay a venue into. */
export async function listBankAccounts(venueId: number | null): Promise<BankAccountList> {
  requireParams({ venue: venueId });
  return api.get<BankAccountList>('venueBankAccount/', { params: { venue: venueId, page_size: MAX_PAGE_SIZE } });
}

export const bankAccountsQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: configurationKeys.bankAccounts(venueId), queryFn: () => listBankAccounts(venueId) });

export function useBankAccounts(venueId: number) {
  return useQuery(bankAccountsQueryOptions(venueId));
}
