import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { useAppStore } from '@/lib/store';
import { useUnimpersonate } from '../api/unimpersonate';
import { displayName } from '../user-name';

interface ImpersonationBannerProps {
  /** Starts the session as the admin again. */
  onToken(token: string): Promise<void>;
}

/** Always visible while an admin acts as someone else. */
export function ImpersonationBanner({ onToken }: ImpersonationBannerProps) {
  const { t } = useTranslation('auth');
  const user = useAppStore((state) => state.user);
  const unimpersonate = useUnimpersonate();
  if (!user?.impersonator) return null;

  async function stop() {
    try {
      const { token } = await unimpersonate.mutateAsync();
      await onToken(token);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Alert color="orange" variant="filled" radius={0} role="status">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {t('impersonation.banner', { user: displayName(user) })}
        </Text>
        <Button size="xs" variant="white" color="orange" loading={unimpersonate.isPending} onClick={() => void stop()}>
          {t('impersonation.stop')}
        </Button>
      </Group>
    </Alert>
  );
}
