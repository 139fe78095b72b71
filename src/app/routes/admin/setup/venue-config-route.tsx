import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { VenueReports } from '@/features/reports/components/venue-reports';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { VenueOverview } from '@/features/venues/components/venue-overview';

export function VenueConfigRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueConfig')} />
      <VenueOverview venueId={venueId} />
      <VenueReports venueId={venueId} />
    </Stack>
  );
}
