import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { InvoiceDetail } from '@/features/invoices/components/invoice-detail';
import { InvoiceOffice } from '@/features/invoices/components/invoice-office';
import { VenueJob } from '@/features/jobs/components/venue-job';
import { VenueName } from '@/features/ledger/components/venue-name';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

const invoiceHref = (invoiceId: number) => href('organizerInvoice', { invoiceId });

/** The show office's invoices at its assigned venue, with the progress of the runs. */
export function OrganizerInvoicesRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? null);
  return (
    <Stack>
      <Title order={1}>{t('organizerInvoices')}</Title>
      {venueId !== null && (
        <>
          <VenueName venueId={venueId} />
          <InvoiceOffice
            venueId={venueId}
            invoiceHref={invoiceHref}
            renderJob={(slot) => <VenueJob venue={venueId} {...slot} />}
          />
        </>
      )}
    </Stack>
  );
}

/** One invoice or credit note of the show office's venue. */
export function OrganizerInvoiceRoute() {
  const { t } = useTranslation('routes');
  const id = Number(useParams().invoiceId);
  return (
    <Stack>
      <Title order={1}>{t('invoice')}</Title>
      <InvoiceDetail id={id} invoiceHref={invoiceHref} />
    </Stack>
  );
}
