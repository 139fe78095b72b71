import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spectator registration: what a visitor of the page can expect. */
export function AttendanceNotice({ hasVenue }: { hasVenue: boolean }) {
  const { t } = useTranslation('attendance');
  return <Alert color="blue">{hasVenue ? t('opensWithConfiguration') : t('chooseShow')}</Alert>;
}
