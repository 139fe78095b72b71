import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AttendeeForm } from '@/features/floor/components/attendee-form';
import { AttendeeList } from '@/features/floor/components/attendee-list';
import { href } from '@/lib/paths';

export { FloorLayout } from '../floor-layout';

/*
 * The welcome desk (spec: Welcome desk): attendees of the venue, checked in and out at the gate.
 * Each screen shows inside the floor frame of its layout (FloorLayout), with its route's heading.
 */

export function WelcomedeskListRoute() {
  const { t } = useTranslation('routes');
  return (
    <>
      <Group>
        <Anchor component={Link} to={href('welcomedeskAdd')} fw={600}>
          {t('welcomedeskAdd')}
        </Anchor>
      </Group>
      <AttendeeList />
    </>
  );
}

export function WelcomedeskAddRoute() {
  const { t } = useTranslation('routes');
  return (
    <>
      <AttendeeForm />
      <Group>
        <Anchor component={Link} to={href('welcomedeskList')}>
          {t('welcomedeskList')}
        </Anchor>
      </Group>
    </>
  );
}
