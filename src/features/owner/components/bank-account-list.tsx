import { Badge, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BankAccount } from '@shared/schemas/owner';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { useBankAccountMutations, useBankAccounts, type BankAccountList as Accounts } from '../api/bank-accounts';
import type { OwnerRef } from '../api/owner-path';

interface BankAccountListProps {
  owner: OwnerRef;
  /** The add page, and the edit page of an account. */
  addHref: string | null;
  editHref(id: number): string | null;
  /**
   * The SVPS pages (the admin's rider pages only): with them, federation accounts are added,
   * edited and removed here; without, the owner's federation account is shown read-only.
   */
  svpsAddHref?: string | null;
  svpsEditHref?(id: number): string | null;
}

/** IBANs are read in groups of four. */
export const groupedIban = (iban: string) => friendlyFormatIBAN(iban) ?? iban;

/** The accounts of one kind, as the table reads a query. */
function only(
  query: UseQueryResult<Accounts>,
  kind: BankAccount['kind'],
): UseQueryResult<{ count: number; results: BankAccount[] }> {
  if (!query.data) return query;
  const results = query.data.results.filter((row) => row.kind === kind);
  return { ...query, data: { count: results.length, results } } as UseQueryResult<Accounts>;
}

/**
 * The owner's bank accounts: their own (holder, IBAN, BIC, bank, currency, the default one) and,
 * beside them, a national federation's account (SVPS) that credits the owner's member account.
 */
export function BankAccountList({ owner, addHref, editHref, svpsAddHref, svpsEditHref }: BankAccountListProps) {
  const { t } = useTranslation('owner');
  const accounts = useBankAccounts(owner);
  const { remove } = useBankAccountMutations(owner);
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const go = (to: string | null) => to && void navigate(to);
  const isDefault: Column<BankAccount> = {
    label: t('bank.default'),
    render: (row) =>
      row.is_default && (
        <Badge variant="light" color="green">
          {t('bank.default')}
        </Badge>
      ),
  };
  const iban: Column<BankAccount> = {
    label: t('bank.iban'),
    render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{groupedIban(row.iban)}</span>,
  };
  const onDelete = (row: BankAccount) => confirmDelete(() => remove.mutateAsync(row.id));
  const manageSvps = svpsEditHref !== undefined;
  const federation = only(accounts, 'federation');
  return (
    <Stack>
      <RecordTable
        title={t('bank.title')}
        query={only(accounts, 'own')}
        columns={[
          { label: t('bank.holder'), render: (row) => row.holder_name },
          iban,
          { label: t('bank.bic'), render: (row) => row.bic },
          { label: t('bank.bank'), render: (row) => row.bank_name },
          { label: t('bank.currency'), render: (row) => row.currency },
          isDefault,
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => groupedIban(row.iban)}
        empty={t('bank.empty')}
        addLabel={t('bank.add')}
        onAdd={addHref ? () => go(addHref) : undefined}
        onEdit={(row) => go(editHref(row.id))}
        onDelete={onDelete}
        minWidth={760}
      />
      {(manageSvps || (federation.data?.count ?? 0) > 0) && (
        <Stack gap={4}>
          <RecordTable
            title={t('bank.svps.title')}
            query={federation}
            columns={[
              {
                label: t('bank.svps.federation'),
                render: (row) => (
                  <Badge variant="light" color="red">
                    {row.federation}
                  </Badge>
                ),
              },
              {
                label: t('bank.svps.memberNumber'),
                render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{row.member_number}</span>,
              },
              { label: t('bank.holder'), render: (row) => row.holder_name },
              iban,
              isDefault,
            ]}
            rowKey={(row) => row.id}
            rowName={(row) => t('bank.svps.rowName', { federation: row.federation, number: row.member_number })}
            empty={t('bank.svps.empty')}
            addLabel={t('bank.svps.add')}
            onAdd={svpsAddHref ? () => go(svpsAddHref) : undefined}
            onEdit={svpsEditHref ? (row) => go(svpsEditHref(row.id)) : undefined}
            onDelete={manageSvps ? onDelete : undefined}
            minWidth={760}
          />
          <Text size="sm" c="dimmed">
            {manageSvps ? t('bank.svps.hintAdmin') : t('bank.svps.hintOwner')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
