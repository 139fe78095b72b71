import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useCountries } from '@/features/configuration/api/list-countries';
import { useCurrencies } from '@/features/configuration/api/list-currencies';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueForm } from '@/features/venues/components/venue-form';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';

export function VenueConfigEditRoute() {
  const { t } = useTranslation('routes');
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
    </Stack>
  );
}
