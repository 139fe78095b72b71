import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useCountries } from '@/features/configuration/api/list-countries';
import { useCurrencies } from '@/features/configuration/api/list-currencies';
import { BankAccountList } from '@/features/configuration/components/bank-account-list';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueForm } from '@/features/venues/components/venue-form';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { VenueInvoicingForm } from '@/features/venues/components/venue-invoicing-form';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';

/** The venue's key data, its Invoicing section and the bank account its invoices name. */
export function VenueConfigEditRoute() {
  const { t } = useTranslation(['routes', 'venueSetup']);
  const venueId = Number(useParams().venueId);
  const navigate = useNavigate();
  const venue = useVenue(venueId);
  const countries = useCountries();
  const currencies = useCurrencies();
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueConfigEdit')} />
      {venue.isPending && <Skeleton height={320} />}
      {venue.isError && <Alert color="red">{errorText(venue.error)}</Alert>}
      {venue.data && (
        <VenueForm
          venue={venue.data}
          countries={countries.data?.results ?? []}
          currencies={currencies.data?.results ?? []}
          onSaved={() => navigate(href('venueConfig', { venueId }))}
        />
      )}
      {venue.data && <VenueInvoicingForm venue={venue.data} />}
      {venue.data && (
        <Card withBorder component="section" aria-label={t('venueSetup:invoicing.bankTitle')}>
          <Stack>
            <Title order={2} size="h4">
              {t('venueSetup:invoicing.bankTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('venueSetup:invoicing.bankIntro')}
            </Text>
            <BankAccountList venueId={venueId} currency={venue.data.currency} />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
