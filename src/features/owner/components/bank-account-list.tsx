import { Badge } from '@mantine/core';
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';
import { useBankAccountMutations, useBankAccounts } from '../api/bank-accounts';
import type { OwnerRef } from '../api/owner-path';

interface BankAccountListProps {
  owner: OwnerRef;
  /** The add page, and the edit page of an account. */
  addHref: string | null;
  editHref(id: number): string | null;
}

/** IBANs are read in groups of four. */
export const groupedIban = (iban: string) => friendlyFormatIBAN(iban) ?? iban;

/** The owner's bank accounts: holder, IBAN, BIC, bank, currency and the default one. */
export function BankAccountList({ owner, addHref, editHref }: BankAccountListProps) {
  const { t } = useTranslation('owner');
  const accounts = useBankAccounts(owner);
  const { remove } = useBankAccountMutations(owner);
  const confirmDelete = useConfirmDelete();
  const navigate = useNavigate();
  const go = (to: string | null) => to && void navigate(to);
  return (
    <RecordTable
      title={t('bank.title')}
      query={accounts}
      columns={[
        { label: t('bank.holder'), render: (row) => row.holder_name },
        {
          label: t('bank.iban'),
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{groupedIban(row.iban)}</span>,
        },
        { label: t('bank.bic'), render: (row) => row.bic },
        { label: t('bank.bank'), render: (row) => row.bank_name },
        { label: t('bank.currency'), render: (row) => row.currency },
        {
          label: t('bank.default'),
          render: (row) =>
            row.is_default && (
              <Badge variant="light" color="green">
                {t('bank.default')}
              </Badge>
            ),
        },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => groupedIban(row.iban)}
      empty={t('bank.empty')}
      addLabel={t('bank.add')}
      onAdd={addHref ? () => go(addHref) : undefined}
      onEdit={(row) => go(editHref(row.id))}
      onDelete={(row) => confirmDelete(() => remove.mutateAsync(row.id))}
      minWidth={760}
    />
  );
}
