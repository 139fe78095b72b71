import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Transaction } from '@shared/schemas/ledger';
import { showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { useDeleteTransaction } from '../api/delete-transaction';

interface TransactionActionsProps {
  entry: Transaction;
  mode: 'page' | 'modal';
  /** Opens the correction in a modal ('modal' mode). */
  onEdit(): void;
}

/** Edit and Reverse for an entry that can still change (not invoiced, not reversed, not a reversal). */
export function TransactionActions({ entry, mode, onEdit }: TransactionActionsProps) {
  const { t } = useTranslation('ledger');
  const remove = useDeleteTransaction();
  if (!entry.editable) return null;
  const editLabel = t('actions.editLabel', { id: entry.id });

  async function reverse() {
    const confirmed = await confirmDialog({
      title: t('actions.reverseTitle', { id: entry.id }),
      message: t('actions.reverseMessage'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(entry.id);
      notify.success(t('actions.reversed', { id: entry.id }));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Group gap={4} wrap="nowrap">
      {mode === 'page' ? (
        <Button
          component={Link}
          to={href('venueTransactionEdit', { venueId: entry.venue, transactionId: entry.id })}
          variant="subtle"
          size="compact-sm"
          aria-label={editLabel}
        >
          {t('actions.edit')}
        </Button>
      ) : (
        <Button variant="subtle" size="compact-sm" aria-label={editLabel} onClick={onEdit}>
          {t('actions.edit')}
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={t('actions.reverseLabel', { id: entry.id })}
        loading={remove.isPending}
        onClick={() => void reverse()}
      >
        {t('actions.reverse')}
      </Button>
    </Group>
  );
}
