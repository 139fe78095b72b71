import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BulkHeadNumbersButton } from '@/features/bulk/components/bulk-head-numbers-button';
import { ParticipantList } from '@/features/participations/components/participant-list';
import { useVenue } from '@/features/venues/api/get-venue';
import { useVecs } from '@/features/venues/api/list-vecs';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** The riders at the organizer's venue (the group's guard makes sure there is one). */
export function OrganizerParticipantsRoute() {
  const { t } = useTranslation('routes');
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? 0);
  const venue = useVenue(venueId);
  const vecs = useVecs(venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('organizerParticipants')} />
      {venue.data && (
        <ParticipantList
          venueId={venueId}
          currency={venue.data.currencyDisplay || venue.data.currency}
          events={vecs.data?.results ?? []}
          riderHref={(participation) => href('organizerRider', { riderId: participation.rider.id })}
          headNumberTools={<BulkHeadNumbersButton venueId={venueId} />}
        />
      )}
    </Stack>
  );
}
