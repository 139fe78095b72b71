import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/lib/components/record-table';
import { formatDate, formatMoney } from '@/lib/format';
import { usePartyInvoices } from '../api/list-party-invoices';
import { usePartyVenues } from '../api/list-party-venues';
import type { PartyRef } from '../party';
import { CreditNoteBadge, InvoiceStatusBadge } from './invoice-badges';
import { InvoiceDownloads } from './invoice-downloads';

/**
 * A party's own invoices and credit notes (the reports section of a rider, employer, official or
 * simple user, and the admin's view of them), each to download as PDF and XRechnung.
 */
export function PartyInvoiceList({ party }: { party: PartyRef }) {
  const { t } = useTranslation('invoices');
  const invoices = usePartyInvoices(party);
  const venues = usePartyVenues(party);
  return (
    <RecordTable
      title={t('own.title')}
      query={invoices}
      minWidth={720}
      columns={[
        {
          label: t('field.number'),
          render: (row) => (
            <>
              <Text span size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.number}
              </Text>{' '}
              <CreditNoteBadge kind={row.kind} />
            </>
          ),
        },
        { label: t('field.show'), render: (row) => venues.data?.get(row.venue) ?? '—' },
        { label: t('field.issueDate'), render: (row) => formatDate(row.issue_date) },
        {
          label: t('field.gross'),
          render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.gross, row.currency)}</span>,
        },
        { label: t('field.status'), render: (row) => <InvoiceStatusBadge status={row.status} /> },
        { label: t('field.files'), render: (row) => <InvoiceDownloads invoice={row} /> },
      ]}
      rowKey={(row) => row.id}
      rowName={(row) => row.number}
      empty={t('own.empty')}
    />
  );
}
