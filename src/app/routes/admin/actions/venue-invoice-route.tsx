import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { InvoiceDetail } from '@/features/invoices/components/invoice-detail';
import { VenueName } from '@/features/ledger/components/venue-name';
import { href } from '@/lib/paths';

/** One invoice or credit note of the venue. */
export function VenueInvoiceRoute() {
  const { t } = useTranslation('routes');
  const params = useParams();
  const venueId = Number(params.venueId);
  return (
    <Stack>
      <Title order={1}>{t('invoice')}</Title>
      <VenueName venueId={venueId} />
      <InvoiceDetail
        id={Number(params.invoiceId)}
        invoiceHref={(invoiceId) => href('venueActionsInvoice', { venueId, invoiceId })}
      />
    </Stack>
  );
}
