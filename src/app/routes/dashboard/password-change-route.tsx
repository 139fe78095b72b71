import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordChangeForm } from '@/features/auth/components/password-change-form';

/** `/password`: every signed-in user's own password. */
export function PasswordChangeRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('changePassword')}</Title>
      <PasswordChangeForm />
    </Stack>
  );
}
