import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@shared/schemas/invoices';
import { showError } from '@/lib/api-error';
import { downloadInvoice, INVOICE_FILES } from '../api/download-invoice';

interface InvoiceDownloadsProps {
  invoice: Pick<InvoiceSummary, 'id' | 'number' | 'has_pdf'>;
  size?: 'compact-sm' | 'sm';
}

/** Download the invoice as Factur-X PDF (once it is rendered) and as XRechnung XML. */
export function InvoiceDownloads({ invoice, size = 'compact-sm' }: InvoiceDownloadsProps) {
  const { t } = useTranslation('invoices');
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {INVOICE_FILES.map((file) => {
        const pending = file === 'pdf' && !invoice.has_pdf;
        return (
          <Button
            key={file}
            size={size}
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={pending}
            title={pending ? t('download.pdfPending') : undefined}
            aria-label={t(`download.${file}Named`, { number: invoice.number })}
            onClick={() => downloadInvoice(invoice, file).catch(showError)}
          >
            {t(`download.${file}`)}
          </Button>
        );
      })}
    </Group>
  );
}
