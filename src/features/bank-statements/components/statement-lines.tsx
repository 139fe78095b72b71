import { Box, Button, Card, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { BankLineStatus, BankStatementLine } from '@shared/schemas/payouts';
import { CARDS_BELOW, RecordTable } from '@/lib/components/record-table';
import { confirmDialog } from '@/lib/dialogs';
import { formatDate, formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useStatementLines } from '../api/list-statement-lines';
import { useSettleLine } from '../api/settle-line';
import { AssignLineModal } from './assign-line-modal';

const VIEWS: BankLineStatus[] = ['unmatched', 'matched', 'assigned', 'ignored'];

/**
 * The credits of the statements by state: those waiting for the office (assign by hand or set
 * aside), and those matched, assigned or ignored, with the invoice or party each was booked to.
 */
export function StatementLines({ venueId }: { venueId: number }) {
  const { t } = useTranslation('payouts');
  const narrow = useMediaQuery(`(max-width: ${CARDS_BELOW})`, false, { getInitialValueInEffect: false });
  const [status, setStatus] = useState<BankLineStatus>('unmatched');
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<BankStatementLine | null>(null);
  const lines = useStatementLines(venueId, status, page);
  const { ignore } = useSettleLine();
  const pages = Math.max(1, Math.ceil((lines.data?.count ?? 0) / DEFAULT_PAGE_SIZE));
  const open = status === 'unmatched' || status === 'ignored';

  async function setAside(line: BankStatementLine) {
    const confirmed = await confirmDialog({
      title: t('review.ignoreConfirmTitle'),
      message: t('review.ignoreConfirm'),
    });
    if (!confirmed) return;
    ignore.mutate(line.id, {
      onSuccess: () => notify.success(t('review.ignored')),
      onError: (error) => submitErrors(error, {}).form.forEach((message) => notify.error(message)),
    });
  }

  const nameOf = (line: BankStatementLine) =>
    `${formatMoney(line.amount, line.currency)} ${line.debtor_name ?? ''}`.trim();

  return (
    <Stack>
      <Card withBorder>
        <SegmentedControl
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={status}
          onChange={(value) => {
            setStatus(value as BankLineStatus);
            setPage(1);
          }}
          data={VIEWS.map((view) => ({ value: view, label: t(`review.view.${view}`) }))}
          aria-label={t('review.views')}
        />
      </Card>
      <RecordTable
        title={t(`review.title.${status}`)}
        query={lines}
        minWidth={760}
        columns={[
          { label: t('review.date'), render: (row) => formatDate(row.booking_date) },
          {
            label: t('review.amount'),
            render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, row.currency)}</span>,
          },
          {
            label: t('review.debtor'),
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm" inherit>
                  {row.debtor_name ?? '—'}
                </Text>
                {row.debtor_iban && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.debtor_iban}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            label: t('review.reference'),
            render: (row) => (
              <Text size="sm" inherit style={{ overflowWrap: 'anywhere' }}>
                {row.reference ?? '—'}
              </Text>
            ),
          },
          open
            ? {
                label: t('review.actions'),
                render: (row) => (
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="compact-sm"
                      aria-label={t('review.assignNamed', { name: nameOf(row) })}
                      onClick={() => setAssigning(row)}
                    >
                      {t('review.assign')}
                    </Button>
                    {row.status === 'unmatched' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="gray"
                        aria-label={t('review.ignoreNamed', { name: nameOf(row) })}
                        onClick={() => void setAside(row)}
                      >
                        {t('review.ignore')}
                      </Button>
                    )}
                  </Group>
                ),
              }
            : {
                label: t('review.bookedTo'),
                render: (row) => (
                  <Stack gap={0}>
                    {row.invoice && (
                      <Text size="sm" fw={600} inherit>
                        {t('review.invoice', { number: row.invoice.number })}
                      </Text>
                    )}
                    {row.party && (
                      <Text size="sm" inherit>
                        {row.party.name}
                      </Text>
                    )}
                  </Stack>
                ),
              },
        ]}
        rowKey={(row) => row.id}
        rowName={nameOf}
        empty={t(`review.empty.${status}`)}
      />
      {pages > 1 && (
        <Box component="nav" aria-label={t('review.pages')}>
          <Pagination value={Math.min(page, pages)} onChange={setPage} total={pages} />
        </Box>
      )}
      {assigning && <AssignLineModal venueId={venueId} line={assigning} onClose={() => setAssigning(null)} />}
    </Stack>
  );
}
