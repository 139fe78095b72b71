import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VenueBankAccount, venueBankAccountInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export type BankAccountInput = z.input<typeof venueBankAccountInput>;

/** POST /api/v1/venueBankAccount/ (admins); the IBAN is checked on the server. */
export function createBankAccount(input: BankAccountInput): Promise<VenueBankAccount> {
  return api.post<VenueBankAccount>('venueBankAccount/', input);
}

export function useCreateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankAccount,
    // A new default account clears the flag on the others: reload the venue's list.
    onSuccess: (account) => queryClient.invalidateQueries({ queryKey: configurationKeys.bankAccounts(account.venue) }),
  });
}
