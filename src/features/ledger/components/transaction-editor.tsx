import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-error';
import { useTransaction } from '../api/get-transaction';
import { TransactionForm } from './transaction-form';

interface TransactionEditorProps {
  transactionId: number;
  onDone(): void;
}

/** The correction of one entry, once it is loaded and still open to change. */
export function TransactionEditor({ transactionId, onDone }: TransactionEditorProps) {
  const { t } = useTranslation('ledger');
  const entry = useTransaction(transactionId);
  if (entry.isError) return <Alert color="red">{errorText(entry.error)}</Alert>;
  if (!entry.data) return <Skeleton height={320} aria-label={t('loading')} />;
  if (!entry.data.editable) return <Alert color="yellow">{t('form.locked', { id: transactionId })}</Alert>;
  return <TransactionForm venueId={entry.data.venue} transaction={entry.data} onSaved={onDone} onCancel={onDone} />;
}
