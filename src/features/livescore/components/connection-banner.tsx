import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../use-live-scores';
import { formatClock } from '../format-result';

/** While the connection is down: what the page shows is the last known state, as of when. */
export function ConnectionBanner({
  connection,
  asOf,
  hasData,
}: {
  connection: Connection;
  asOf: number | null;
  hasData: boolean;
}) {
  const { t, i18n } = useTranslation('livescore');
  if (connection !== 'offline') return null;
  return (
    <Alert color="orange" variant="light" role="status" aria-live="polite" p="sm">
      {hasData && asOf !== null ? t('connectionLost', { time: formatClock(asOf, i18n.language) }) : t('offlineEmpty')}
    </Alert>
  );
}
