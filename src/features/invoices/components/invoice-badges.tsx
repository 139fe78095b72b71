import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceKind, InvoiceStatus } from '@shared/schemas/invoices';

const STATUS_COLORS: Record<InvoiceStatus, string> = {
  issued: 'blue',
  emailed: 'teal',
  paid: 'green',
  cancelled: 'gray',
};

/** Issued, e-mailed, paid or cancelled, in the reader's language. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('invoices');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Marks a credit note (an invoice needs no mark). */
export function CreditNoteBadge({ kind }: { kind: InvoiceKind }) {
  const { t } = useTranslation('invoices');
  if (kind !== 'credit_note') return null;
  return (
    <Badge color="grape" variant="outline">
      {t('kind.credit_note')}
    </Badge>
  );
}
