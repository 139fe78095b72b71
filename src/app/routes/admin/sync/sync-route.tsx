import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SyncOffice } from '@/features/sync/components/sync-office';

/** Admin `/sync`: the data sync from the federation's registry. */
export function SyncRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('adminSync')}</Title>
      <SyncOffice />
    </Stack>
  );
}
