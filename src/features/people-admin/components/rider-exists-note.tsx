import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RiderExists } from '../api/check-rider-exists';
import { profileHref } from '../kinds';

/** The add-rider form's warning: a rider with that e-mail or registration number is on record already, linked. */
export function RiderExistsNote({ rider }: { rider: NonNullable<RiderExists['rider']> }) {
  const { t } = useTranslation('people');
  return (
    <Alert color="yellow" role="alert" title={t('exists.title')}>
      <Text size="sm">
        {t('exists.admin')}{' '}
        <Anchor component={Link} to={profileHref('rider', rider.id)} inherit>
          {t('exists.open', { name: rider.name || `#${rider.id}` })}
        </Anchor>
      </Text>
    </Alert>
  );
}
