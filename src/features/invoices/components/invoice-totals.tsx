import { Card, DataList, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoicePage } from '@shared/schemas/invoices';
import { formatMoney } from '@/lib/format';

interface InvoiceTotalsProps {
  /** How many invoices the totals are over; none for one invoice's own totals. */
  count?: number;
  totals: InvoicePage['totals'];
  currency: string;
}

/** Net, VAT and gross: of a whole list, or of one invoice. */
export function InvoiceTotals({ count, totals, currency }: InvoiceTotalsProps) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const rows = [
    [t('field.net'), totals.net],
    [t('field.tax'), totals.tax],
    [t('field.gross'), totals.gross],
  ] as const;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {count === undefined ? t('totals.title') : t('totals.ofList', { count })}
      </Title>
      <DataList labelWidth={120}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(value, currency)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  );
}
