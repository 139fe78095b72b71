import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueBankAccount } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import type { BankAccountInput } from './create-bank-account';
import { configurationKeys } from './keys';

/** PATCH /api/v1/venueBankAccount/{id}/ (admins). */
export function updateBankAccount({ id, ...input }: BankAccountInput & { id: number }): Promise<VenueBankAccount> {
  return api.patch<VenueBankAccount>(`venueBankAccount/${id}/`, input);
}

export function useUpdateBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankAccount,
    onSuccess: (account) => queryClient.invalidateQueries({ queryKey: configurationKeys.bankAccounts(account.venue) }),
  });
}
