import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { VenueStaff } from '@/features/venues/components/venue-staff';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueUsersRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueUsers')} />
      <VenueStaff venueId={venueId} />
    </Stack>
  );
}
