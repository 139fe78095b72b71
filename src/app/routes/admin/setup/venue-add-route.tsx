import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCountries } from '@/features/configuration/api/list-countries';
import { useCurrencies } from '@/features/configuration/api/list-currencies';
import { VenueForm } from '@/features/venues/components/venue-form';
import { href } from '@/lib/paths';

export function VenueAddRoute() {
  const { t } = useTranslation('routes');
  const navigate = useNavigate();
  const countries = useCountries();
  const currencies = useCurrencies();
  return (
    <Stack>
      <Title order={1}>{t('adminVenueAdd')}</Title>
      <VenueForm
        countries={countries.data?.results ?? []}
        currencies={currencies.data?.results ?? []}
        onSaved={(venue) => navigate(href('venueConfig', { venueId: venue.id }))}
      />
    </Stack>
  );
}
