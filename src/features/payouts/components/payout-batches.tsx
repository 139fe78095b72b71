import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutBatchStatus, PayoutBatchSummary } from '@shared/schemas/payouts';
import { showError } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { confirmDialog } from '@/lib/dialogs';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangePayoutBatch, type BatchChange } from '../api/change-payout-batch';
import { downloadPain001 } from '../api/download-pain001';
import { usePayoutBatches } from '../api/list-payout-batches';

const STATUS_COLORS: Record<PayoutBatchStatus, string> = { generated: 'blue', sent: 'green', cancelled: 'gray' };

/** The venue's payout files: download (the same file every time), mark as sent, cancel before that. */
export function PayoutBatches({ venueId }: { venueId: number }) {
  const { t } = useTranslation('payouts');
  const batches = usePayoutBatches(venueId);
  const change = useChangePayoutBatch();
  const [downloading, setDownloading] = useState<number | null>(null);

  async function download(batch: PayoutBatchSummary) {
    setDownloading(batch.id);
    try {
      await downloadPain001(batch);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(null);
    }
  }

  async function apply(batch: PayoutBatchSummary, kind: BatchChange) {
    const confirmed = await confirmDialog({
      title: t(`batches.${kind}ConfirmTitle`),
      message: t(`batches.${kind}Confirm`, { id: batch.message_id }),
    });
    if (!confirmed) return;
    change.mutate(
      { batch: batch.id, change: kind },
      {
        onSuccess: () => notify.success(t(`batches.${kind}Done`)),
        onError: (error) => submitErrors(error, {}).form.forEach((message) => notify.error(message)),
      },
    );
  }

  return (
    <RecordTable
      title={t('batches.title')}
      query={batches}
      minWidth={760}
      columns={[
        {
          label: t('batches.file'),
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.message_id}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(row.created_at)}
                {row.created_by ? ` · ${row.created_by}` : ''}
              </Text>
            </Stack>
          ),
        },
        { label: t('batches.executionDate'), render: (row) => formatDate(row.execution_date) },
        { label: t('batches.count'), render: (row) => row.transaction_count },
        {
          label: t('batches.sum'),
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.control_sum, row.currency)}</span>,
        },
        {
          label: t('batches.status'),
          render: (row) => (
            <Badge color={STATUS_COLORS[row.status]} variant="light">
              {t(`batchStatus.${row.status}`)}
            </Badge>
          ),
        },
        {
          label: t('batches.actions'),
          render: (row) => (
            <Group gap="xs" wrap="wrap">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={downloading === row.id}
                aria-label={t('batches.downloadNamed', { id: row.message_id })}
                onClick={() => void download(row)}
              >
                {t('batches.download')}
              </Button>
              {row.status === 'generated' && (
                <>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('batches.sentNamed', { id: row.message_id })}
                    onClick={() => void apply(row, 'sent')}
                  >
                    {t('batches.sent')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('batches.cancelNamed', { id: row.message_id })}
                    onClick={() => void apply(row, 'cancel')}
                  >
                    {t('batches.cancel')}
                  </Button>
                </>
              )}
            </Group>
          ),
        },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.message_id}
      empty={t('batches.empty')}
    />
  );
}
