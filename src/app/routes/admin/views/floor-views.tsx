import { Anchor, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BulkAttendeesButton } from '@/features/bulk/components/bulk-attendees-button';
import { AttendeeForm } from '@/features/floor/components/attendee-form';
import { AttendeeList } from '@/features/floor/components/attendee-list';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { SigninList } from '@/features/floor/components/signin-list';
import { VetCounts } from '@/features/floor/components/vet-counts';
import { VetList } from '@/features/floor/components/vet-list';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import { href, PATHS, type PathKey } from '@/lib/paths';

/*
 * The floor desks' screens at the route's venue (the admin has no assigned venue): the same
 * components, given the venue, so their offline data, sync and writes are that venue's.
 */

function VenueFloorView({ label, children }: { label: PathKey; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t(PATHS[label].label)} />
      <FloorFrame venue={venueId}>{children}</FloorFrame>
    </Stack>
  );
}

function useVenueId(): number {
  return Number(useParams().venueId);
}

export function VenueVetcheckViewRoute() {
  return (
    <VenueFloorView label="venueVetcheckView">
      <VetCounts />
      <VetList />
    </VenueFloorView>
  );
}

export function VenueSigninViewRoute() {
  return (
    <VenueFloorView label="venueSigninView">
      <SigninList />
    </VenueFloorView>
  );
}

export function VenueWelcomedeskRoute() {
  const { t } = useTranslation('routes');
  const venueId = useVenueId();
  return (
    <VenueFloorView label="venueWelcomedesk">
      <Group>
        <Anchor component={Link} to={href('venueWelcomedeskAdd', { venueId })} fw={600}>
          {t('venueWelcomedeskAdd')}
        </Anchor>
        <BulkAttendeesButton venueId={venueId} />
      </Group>
      <AttendeeList />
    </VenueFloorView>
  );
}

export function VenueWelcomedeskAddRoute() {
  const { t } = useTranslation('routes');
  const venueId = useVenueId();
  return (
    <VenueFloorView label="venueWelcomedeskAdd">
      <AttendeeForm />
      <Group>
        <Anchor component={Link} to={href('venueWelcomedesk', { venueId })}>
          {t('venueWelcomedesk')}
        </Anchor>
      </Group>
    </VenueFloorView>
  );
}
