import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankAccount, BankAccountInput } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { ownerKeys, ownerPath, type OwnerRef } from './owner-path';

export interface BankAccountList {
  count: number;
  results: BankAccount[];
}

/** GET /api/v1/{kind}/{id}/bankAccounts/ */
export async function listBankAccounts(owner: OwnerRef): Promise<BankAccountList> {
  return api.get<BankAccountList>(ownerPath(owner, 'bankAccounts/'));
}

export function useBankAccounts(owner: OwnerRef) {
  return useQuery(
    queryOptions({ queryKey: ownerKeys.section(owner, 'bank-accounts'), queryFn: () => listBankAccounts(owner) }),
  );
}

/** GET /api/v1/bankAccount/{id}/ */
export async function getBankAccount(id: number): Promise<BankAccount> {
  return api.get<BankAccount>(`bankAccount/${id}/`);
}

export function useBankAccount(id: number) {
  return useQuery(queryOptions({ queryKey: ownerKeys.bankAccount(id), queryFn: () => getBankAccount(id) }));
}

/** POST /api/v1/{kind}/{id}/bankAccounts/ (create) or PATCH /api/v1/bankAccount/{id}/ (edit). */
export async function saveBankAccount(
  owner: OwnerRef,
  id: number | null,
  input: BankAccountInput,
): Promise<BankAccount> {
  if (id === null) return api.post<BankAccount>(ownerPath(owner, 'bankAccounts/'), input);
  return api.patch<BankAccount>(`bankAccount/${id}/`, input);
}

/** DELETE /api/v1/bankAccount/{id}/ */
export async function deleteBankAccount(id: number): Promise<void> {
  return api.delete(`bankAccount/${id}/`);
}

/** A change to one account can clear the default flag of the others: the owner's list reloads. */
export function useBankAccountMutations(owner: OwnerRef) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ownerKeys.section(owner, 'bank-accounts') });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: BankAccountInput }) => saveBankAccount(owner, id, input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteBankAccount, onSuccess }),
  };
}
