import { Box, Loader } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router-dom';
import { SPINNER_DELAY_MS } from '@shared/constants';
import { useDelayedFlag } from './use-delayed-flag';

/** A spinner that appears when loading takes longer than 300 ms (spec §2 Shell). */
export function DelayedSpinner({ busy }: { busy: boolean }) {
  const { t } = useTranslation('shell');
  const visible = useDelayedFlag(busy, SPINNER_DELAY_MS);
  if (!visible) return null;
  return (
    <Box
      pos="fixed"
      top={72}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 300 }}
      role="status"
      aria-label={t('loading')}
    >
      <Loader size="sm" />
    </Box>
  );
}

/** Navigations and fetches in progress. */
export function BusySpinner() {
  const navigating = useNavigation().state !== 'idle';
  const fetching = useIsFetching() > 0;
  return <DelayedSpinner busy={navigating || fetching} />;
}
