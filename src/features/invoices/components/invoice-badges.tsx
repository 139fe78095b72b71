import { Badge, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceKind, InvoiceStatus, InvoiceSummary } from '@shared/schemas/invoices';

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

/**
 * The status, and what went wrong on the way: documents that could not be made (with the
 * reason; they are tried again), or a mail only written to the server's mail folder (no mail
 * server set), which is not an e-mail sent.
 */
export function InvoiceStateBadges({
  invoice,
}: {
  invoice: Pick<InvoiceSummary, 'status' | 'render_error' | 'mail_delivery'>;
}) {
  const { t } = useTranslation('invoices');
  return (
    <Group gap={4} wrap="nowrap">
      <InvoiceStatusBadge status={invoice.status} />
      {invoice.render_error && (
        <Tooltip label={invoice.render_error} multiline maw={320}>
          <Badge color="red" variant="light">
            {t('render.failed', { error: invoice.render_error })}
          </Badge>
        </Tooltip>
      )}
      {invoice.mail_delivery === 'mail_folder' && (
        <Badge color="orange" variant="light">
          {t('mail.folder')}
        </Badge>
      )}
    </Group>
  );
}
