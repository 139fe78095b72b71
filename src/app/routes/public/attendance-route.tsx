import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { AttendanceConfirmation } from '@/features/attendance/components/attendance-confirmation';
import { AttendanceForm } from '@/features/attendance/components/attendance-form';
import { ShowChooser } from '@/features/attendance/components/show-chooser';
import { usePreshowVenue } from '@/features/venues/api/get-preshow-venue';
import { PublicVenueCard } from '@/features/venues/components/public-venue-card';
import { href } from '@/lib/paths';

/** One show: its detail, then the form, or the confirmation when opened from the e-mailed link. */
function ShowAttendance({ venueId, token }: { venueId: number; token: string | null }) {
  const { t } = useTranslation('attendance');
  const venue = usePreshowVenue(venueId);
  return (
    <>
      <PublicVenueCard venueId={venueId} />
      {token ? (
        <AttendanceConfirmation venueId={venueId} token={token} />
      ) : (
        venue.data && <AttendanceForm key={venue.data.id} show={venue.data} />
      )}
      <Anchor component={Link} to={href('attendance')} size="sm">
        {t('otherShows')}
      </Anchor>
    </>
  );
}

/** Spectator registration, open to all: without a show in the path, the shows to choose from. */
export function AttendanceRoute() {
  const { t } = useTranslation('routes');
  const { venueId } = useParams();
  const [search] = useSearchParams();
  return (
    <Stack>
      <Title order={1}>{t('attendance')}</Title>
      {venueId ? (
        <ShowAttendance key={venueId} venueId={Number(venueId)} token={search.get('confirm')} />
      ) : (
        <ShowChooser />
      )}
    </Stack>
  );
}
