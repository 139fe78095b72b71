import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { TransactionList } from '@/features/ledger/components/transaction-list';
import { useRiderParticipation } from '@/features/venue-views/api/get-rider-participation';
import { RiderParticipation } from '@/features/venue-views/components/rider-participation';
import { useVenue } from '@/features/venues/api/get-venue';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { errorText } from '@/lib/api-error';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/**
 * One rider at the organizer's venue (/organizer/rider/:riderId): the participation (payer,
 * horses with head numbers, events), the balance, and the rider's entries at this venue.
 */
export function OrganizerRiderRoute() {
  const { t } = useTranslation(['venueViews', 'routes']);
  const venueId = useAppStore((state) => state.user?.assigned_venue ?? 0);
  const riderId = Number(useParams().riderId);
  const venue = useVenue(venueId);
  const participation = useRiderParticipation(venueId, riderId);
  const currency = venue.data ? venue.data.currencyDisplay || venue.data.currency : '';
  const name = participation.data?.rider.name;
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={name ?? t('routes:organizerRider')} />
      {participation.isPending && <Skeleton height={160} aria-label={t('rider.loading')} />}
      {participation.isError && <Alert color="red">{errorText(participation.error)}</Alert>}
      {participation.data === null && (
        <Alert color="yellow" role="alert" title={t('rider.notHereTitle')}>
          <Stack gap="xs" align="flex-start">
            {t('rider.notHere')}
            <Anchor component={Link} to={href('organizerList')}>
              {t('rider.backToList')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {participation.data && (
        <>
          <RiderParticipation participation={participation.data} currency={currency} />
          <Title order={2} size="h3">
            {t('rider.transactions')}
          </Title>
          <TransactionList scope={{ venue: venueId, rider: riderId }} mode="modal" />
        </>
      )}
    </Stack>
  );
}
