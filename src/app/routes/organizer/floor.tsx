import { Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BulkAttendeesButton } from '@/features/bulk/components/bulk-attendees-button';
import { AttendeeForm } from '@/features/floor/components/attendee-form';
import { AttendeeList } from '@/features/floor/components/attendee-list';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { SigninList } from '@/features/floor/components/signin-list';
import { VetCounts } from '@/features/floor/components/vet-counts';
import { VetList } from '@/features/floor/components/vet-list';
import { useFloorVenue } from '@/features/floor/use-floor-venue';

/* The show office's floor views: the desks' own screens, at the organizer's venue. */

export function OrganizerVetcheckRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('organizerVetcheck')}>
      <VetCounts />
      <VetList />
    </FloorFrame>
  );
}

export function OrganizerSigninRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('organizerSignin')}>
      <SigninList />
    </FloorFrame>
  );
}

export function OrganizerWelcomedeskRoute() {
  const { t } = useTranslation('routes');
  const venue = useFloorVenue();
  return (
    <FloorFrame title={t('organizerWelcomedesk')}>
      <AttendeeList />
      <Card withBorder component="section" aria-label={t('welcomedeskAdd')}>
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('welcomedeskAdd')}
            </Title>
            <BulkAttendeesButton venueId={venue} />
          </Group>
          <AttendeeForm />
        </Stack>
      </Card>
    </FloorFrame>
  );
}
