import { Anchor, Button, Card, DataList, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Invoice } from '@shared/schemas/invoices';
import { QueryView } from '@/lib/components/query-view';
import { formatDate, formatDateTime } from '@/lib/format';
import { useInvoice } from '../api/get-invoice';
import { CreditNoteModal } from './credit-note-modal';
import { CreditNoteBadge, InvoiceStateBadges, InvoiceStatusBadge } from './invoice-badges';
import { InvoiceDownloads } from './invoice-downloads';
import { InvoiceLines, InvoiceVat } from './invoice-lines';
import { InvoicePartyCard } from './invoice-party-card';
import { InvoiceTotals } from './invoice-totals';

interface InvoiceDetailProps {
  id: number;
  /** Where another invoice of the venue is shown (its credit notes, the invoice a note corrects). */
  invoiceHref(id: number): string;
}

/** May the office still credit something on it? An invoice, not cancelled, with a line not credited yet. */
export function canCredit(invoice: Invoice): boolean {
  return invoice.kind === 'invoice' && invoice.status !== 'cancelled' && invoice.lines.some((line) => !line.credited);
}

/** One invoice or credit note: parties, lines, VAT, totals, payment data, its files and related documents. */
export function InvoiceDetail({ id, invoiceHref }: InvoiceDetailProps) {
  return (
    <QueryView query={useInvoice(id)}>
      {(invoice) => <InvoiceView invoice={invoice} invoiceHref={invoiceHref} />}
    </QueryView>
  );
}

function InvoiceView({ invoice, invoiceHref }: { invoice: Invoice; invoiceHref(id: number): string }) {
  const { t } = useTranslation('invoices');
  const navigate = useNavigate();
  const [crediting, setCrediting] = useState(false);
  const titleId = useId();
  const link = (target: { id: number; number: string }) => (
    <Anchor key={target.id} component={Link} to={invoiceHref(target.id)}>
      {target.number}
    </Anchor>
  );
  const facts: [string, ReactNode][] = [
    [t('field.kind'), t(`kind.${invoice.kind}`)],
    [t('field.status'), <InvoiceStateBadges invoice={invoice} />],
    [t('field.issueDate'), formatDate(invoice.issue_date)],
    [t('field.dueDate'), formatDate(invoice.due_date)],
    [t('field.paymentReference'), invoice.payment_reference],
  ];
  if (invoice.emailed_at) facts.push([t('field.emailedAt'), formatDateTime(invoice.emailed_at)]);
  if (invoice.credit_note_of) facts.push([t('field.correcting'), link(invoice.credit_note_of)]);
  if (invoice.credit_notes.length) {
    facts.push([
      t('field.creditNotes'),
      <Group gap="xs" component="span">
        {invoice.credit_notes.map(link)}
      </Group>,
    ]);
  }

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={titleId}>
        <Stack>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="xs">
              <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {invoice.number}
              </Title>
              <CreditNoteBadge kind={invoice.kind} />
              <InvoiceStatusBadge status={invoice.status} />
            </Group>
            <Group gap="xs" justify="flex-end">
              <InvoiceDownloads invoice={invoice} size="sm" />
              {canCredit(invoice) && (
                <Button
                  size="sm"
                  color="grape"
                  leftSection={<IconReceiptRefund size={16} aria-hidden />}
                  onClick={() => setCrediting(true)}
                >
                  {t('creditNote.button')}
                </Button>
              )}
            </Group>
          </Group>
          {!invoice.has_pdf && (
            <Text size="sm" c="dimmed">
              {t('download.pdfPending')}
            </Text>
          )}
          <DataList labelWidth={160} withDivider aria-label={t('field.facts')}>
            {facts.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <InvoicePartyCard title={t('party.seller')} party={invoice.seller} />
        <InvoicePartyCard title={t('party.buyer')} party={invoice.buyer} />
      </SimpleGrid>
      <InvoiceLines invoice={invoice} />
      <InvoiceVat invoice={invoice} />
      <InvoiceTotals totals={invoice} currency={invoice.currency} />
      {crediting && (
        <CreditNoteModal
          invoice={invoice}
          onClose={() => setCrediting(false)}
          onCreated={(note) => {
            setCrediting(false);
            void navigate(invoiceHref(note.id));
          }}
        />
      )}
    </Stack>
  );
}
