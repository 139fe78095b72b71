import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AttendanceNotice } from '@/features/attendance/components/attendance-notice';
import { PublicVenueCard } from '@/features/venues/components/public-venue-card';

export function AttendanceRoute() {
  const { t } = useTranslation('routes');
  const { venueId } = useParams();
  return (
    <Stack>
      <Title order={1}>{t('attendance')}</Title>
      {venueId && <PublicVenueCard venueId={Number(venueId)} />}
      <AttendanceNotice hasVenue={Boolean(venueId)} />
    </Stack>
  );
}
