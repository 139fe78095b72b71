import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VenueBankAccount } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** DELETE /api/v1/venueBankAccount/{id}/ (admins). */
export function deleteBankAccount(account: Pick<VenueBankAccount, 'id' | 'venue'>): Promise<void> {
  return api.delete(`venueBankAccount/${account.id}/`);
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: (_, account) =>
      queryClient.invalidateQueries({ queryKey: configurationKeys.bankAccounts(account.venue) }),
  });
}
