import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AttendeeForm } from '@/features/floor/components/attendee-form';
import { AttendeeList } from '@/features/floor/components/attendee-list';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { href } from '@/lib/paths';

export { FloorLayout } from '../floor-layout';

/* The welcome desk (spec: Welcome desk): attendees of the venue, checked in and out at the gate. */

export function WelcomedeskListRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('welcomedeskList')}>
      <Group>
        <Anchor component={Link} to={href('welcomedeskAdd')} fw={600}>
          {t('welcomedeskAdd')}
        </Anchor>
      </Group>
      <AttendeeList />
    </FloorFrame>
  );
}

export function WelcomedeskAddRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('welcomedeskAdd')}>
      <AttendeeForm />
      <Group>
        <Anchor component={Link} to={href('welcomedeskList')}>
          {t('welcomedeskList')}
        </Anchor>
      </Group>
    </FloorFrame>
  );
}
