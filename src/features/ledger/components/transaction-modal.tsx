import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PartyType } from '@shared/ledger';
import type { Transaction } from '@shared/schemas/ledger';
import { TransactionForm } from './transaction-form';

interface TransactionModalProps {
  venueId: number;
  /** The entry to correct; none for a new one. */
  transaction?: Transaction;
  partyType?: PartyType;
  onClose(): void;
}

/** The transaction form over the list (the organizer has no pages of its own for it). */
export function TransactionModal({ venueId, transaction, partyType, onClose }: TransactionModalProps) {
  const { t } = useTranslation('ledger');
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={transaction ? t('modal.edit', { id: transaction.id }) : t('modal.new')}
      closeButtonProps={{ 'aria-label': t('modal.close') }}
    >
      <TransactionForm
        venueId={venueId}
        transaction={transaction}
        partyType={partyType}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Modal>
  );
}
