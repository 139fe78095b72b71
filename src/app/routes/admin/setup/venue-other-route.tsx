import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { VenueOtherForm } from '@/features/venues/components/venue-other-form';
import { VenueHeading } from '@/features/venues/components/venue-heading';

export function VenueOtherRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueOther')} />
      <VenueOtherForm venueId={venueId} />
    </Stack>
  );
}
