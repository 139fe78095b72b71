import { Button, Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { formatMoney } from '@/lib/format';
import { usePartyShows, type PartyReportRow } from '../api/list-party-shows';
import { openSummary, openTransactionDetails } from '../api/open-party-report';
import type { ReportParty } from '../party';

/** The party's summary (every show, or one) and transaction details per show, opened as PDFs. */
export function PartyReports({ party }: { party: ReportParty }) {
  const { t } = useTranslation('reports');
  const shows = usePartyShows(party);
  const name = (row: PartyReportRow) => (row.venue === null ? t('party.allShows') : row.venue_name);
  const pdf = (text: string, label: string, open: () => Promise<void>) => (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconFileTypePdf size={14} aria-hidden />}
      aria-label={label}
      onClick={() => open().catch(showError)}
    >
      {text}
    </Button>
  );
  return (
    <RecordTable
      title={t('party.title')}
      query={shows}
      columns={[
        { label: t('party.venue'), render: name },
        {
          label: t('party.balance'),
          render: (row) => (row.venue === null ? '' : formatMoney(row.balance_minor, row.currency)),
        },
        {
          label: t('party.downloads'),
          render: (row) => (
            <Group gap="xs" wrap="nowrap">
              {pdf(t('party.summary'), t('party.summaryNamed', { venue: name(row) }), () =>
                openSummary(party, row.venue),
              )}
              {row.venue !== null &&
                pdf(t('party.details'), t('party.detailsNamed', { venue: row.venue_name }), () =>
                  openTransactionDetails(party, row.venue!),
                )}
            </Group>
          ),
        },
      ]}
      rowKey={(row) => row.venue ?? 0}
      rowName={name}
      empty={t('party.empty')}
    />
  );
}
