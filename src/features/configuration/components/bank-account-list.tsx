import { Badge } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VenueBankAccount } from '@shared/schemas/configuration';
import { useDeleteBankAccount } from '../api/delete-bank-account';
import { useBankAccounts } from '../api/list-bank-accounts';
import { BankAccountForm } from './bank-account-form';
import { RecordTable } from '@/lib/components/record-table';
import { useConfirmDelete } from '@/lib/use-confirm-delete';

interface BankAccountListProps {
  venueId: number;
  /** The venue's currency: the default for a new account. */
  currency: string;
}

/** The accounts a venue is paid into (shown on invoices). */
export function BankAccountList({ venueId, currency }: BankAccountListProps) {
  const { t } = useTranslation('configuration');
  const accounts = useBankAccounts(venueId);
  const remove = useDeleteBankAccount();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<VenueBankAccount | 'new' | null>(null);
  return (
    <>
      <RecordTable
        title={t('bankAccounts.title')}
        query={accounts}
        columns={[
          { label: t('bankAccounts.holder'), render: (row) => row.holder_name },
          { label: t('bankAccounts.iban'), render: (row) => row.iban },
          { label: t('bankAccounts.bic'), render: (row) => row.bic },
          { label: t('bankAccounts.bank'), render: (row) => row.bank_name },
          { label: t('bankAccounts.currency'), render: (row) => row.currency },
          {
            label: t('bankAccounts.default'),
            render: (row) =>
              row.is_default && (
                <Badge variant="light" color="green">
                  {t('bankAccounts.default')}
                </Badge>
              ),
          },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.iban}
        empty={t('bankAccounts.empty')}
        addLabel={t('bankAccounts.add')}
        onAdd={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        onDelete={(row) => confirmDelete(() => remove.mutateAsync(row))}
        minWidth={760}
      />
      {editing && (
        <BankAccountForm
          venueId={venueId}
          currency={currency}
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
