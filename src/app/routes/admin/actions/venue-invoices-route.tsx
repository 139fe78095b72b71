import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { InvoiceOffice } from '@/features/invoices/components/invoice-office';
import { VenueJob } from '@/features/jobs/components/venue-job';
import { VenueName } from '@/features/ledger/components/venue-name';
import { href } from '@/lib/paths';

/** The venue's invoices: issue, e-mail and download them, with the progress of the runs. */
export function VenueInvoicesRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <Title order={1}>{t('venueActionsInvoices')}</Title>
      <VenueName venueId={venueId} />
      <InvoiceOffice
        venueId={venueId}
        invoiceHref={(invoiceId) => href('venueActionsInvoice', { venueId, invoiceId })}
        renderJob={(slot) => <VenueJob venue={venueId} {...slot} />}
      />
    </Stack>
  );
}
