import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { WhitelabelSettings } from '@/features/venues/components/whitelabel-settings';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueWhitelabelsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueWhitelabels')} />
      <WhitelabelSettings venueId={venueId} />
    </Stack>
  );
}
