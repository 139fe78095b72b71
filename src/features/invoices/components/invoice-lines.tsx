import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@shared/ledger';
import type { Invoice, InvoiceLine, TaxCategory } from '@shared/schemas/invoices';
import { RecordTable, type Column } from '@/lib/components/record-table';
import { formatDate, formatMoney } from '@/lib/format';
import { useInvoiceLines, useInvoiceVat } from '../api/get-invoice';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** `19 %`, with the VAT category when it is not the standard one (reverse charge, exempt, zero). */
export function useRateText() {
  const { t } = useTranslation('invoices');
  return (rateBp: number, category: TaxCategory) =>
    category === 'S' ? `${formatPercent(rateBp)} %` : `${formatPercent(rateBp)} % · ${t(`taxCategory.${category}`)}`;
}

/** The invoice's lines: what was billed, for which rider (employer invoices), and whether it was credited. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const lines = useInvoiceLines(invoice.id);
  const rate = useRateText();
  const money = (minor: number) => <span style={nowrap}>{formatMoney(minor, invoice.currency)}</span>;
  const riders = invoice.lines.some((line) => line.beneficiary);
  // VAT is taken per rate on the rate's total (EN 16931 BR-CO-17), so the gross of net-priced
  // lines would not add up to the invoice's total: as on the PDF, those lines show their net only.
  // Where every price included VAT, each line's gross is what was charged and sums exactly.
  const grossPriced = invoice.lines.length > 0 && invoice.lines.every((line) => line.prices_include_tax === true);
  const columns: Column<InvoiceLine>[] = [
    { label: t('line.date'), render: (line) => formatDate(line.date) },
    {
      label: t('line.description'),
      render: (line) => (
        <>
          <Text span size="sm" td={line.credited ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {line.description}
          </Text>
          {line.credited && (
            <>
              {' '}
              <Badge color="grape" variant="light" size="sm">
                {t('line.credited')}
              </Badge>
            </>
          )}
        </>
      ),
    },
    ...(riders ? [{ label: t('line.rider'), render: (line: InvoiceLine) => line.beneficiary ?? '—' }] : []),
    { label: t('line.quantity'), render: (line) => line.quantity },
    { label: t('line.net'), render: (line) => money(line.net) },
    {
      label: t('line.rate'),
      render: (line) => <span style={nowrap}>{rate(line.tax_rate_bp, line.tax_category)}</span>,
    },
    ...(grossPriced ? [{ label: t('line.gross'), render: (line: InvoiceLine) => money(line.gross) }] : []),
  ];
  return (
    <RecordTable
      title={t('line.title')}
      query={lines}
      columns={columns}
      rowKey={(line) => line.transaction}
      rowName={(line) => line.description}
      empty={t('line.empty')}
      minWidth={720}
    />
  );
}

/** VAT per rate and category, as EN 16931 sums it. */
export function InvoiceVat({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const vat = useInvoiceVat(invoice.id);
  const rate = useRateText();
  const money = (minor: number) => <span style={nowrap}>{formatMoney(minor, invoice.currency)}</span>;
  return (
    <RecordTable
      title={t('vat.title')}
      query={vat}
      columns={[
        { label: t('vat.rate'), render: (row) => rate(row.tax_rate_bp, row.tax_category) },
        { label: t('vat.net'), render: (row) => money(row.net) },
        { label: t('vat.tax'), render: (row) => money(row.tax) },
        { label: t('vat.gross'), render: (row) => money(row.gross) },
      ]}
      rowKey={(row) => `${row.tax_category}-${row.tax_rate_bp}`}
      rowName={(row) => rate(row.tax_rate_bp, row.tax_category)}
      empty={t('vat.empty')}
      minWidth={420}
    />
  );
}
