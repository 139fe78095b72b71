import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BulkHeadNumbersButton } from '@/features/bulk/components/bulk-head-numbers-button';
import { ParticipantList } from '@/features/participations/components/participant-list';
import { useVenue } from '@/features/venues/api/get-venue';
import { useVecs } from '@/features/venues/api/list-vecs';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href } from '@/lib/paths';

export function VenueParticipantsRoute() {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  const venue = useVenue(venueId);
  const vecs = useVecs(venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t('venueParticipants')} />
      {venue.data && (
        <ParticipantList
          venueId={venueId}
          currency={venue.data.currencyDisplay || venue.data.currency}
          events={vecs.data?.results ?? []}
          showTransactions
          riderHref={(participation) => href('adminRider', { riderId: participation.rider.id })}
          headNumberTools={<BulkHeadNumbersButton venueId={venueId} />}
        />
      )}
    </Stack>
  );
}
