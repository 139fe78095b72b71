import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/store';
import { applyUpdate } from '@/lib/update';

/** "Application has been updated. Please, reload the page." with Reload and dismiss. */
export function UpdateBanner() {
  const { t } = useTranslation('shell');
  const updateAvailable = useAppStore((state) => state.updateAvailable);
  if (!updateAvailable) return null;
  return (
    <Alert
      color="blue"
      variant="filled"
      radius={0}
      role="status"
      withCloseButton
      closeButtonLabel={t('update.dismiss')}
      onClose={() => useAppStore.getState().setUpdateAvailable(false)}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('update.message')}</Text>
        <Button size="xs" variant="white" onClick={applyUpdate}>
          {t('update.reload')}
        </Button>
      </Group>
    </Alert>
  );
}
