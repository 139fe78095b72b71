import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import { useRegisterEmployer } from '../api/profile';
import { ProfileForm } from './profile-form';

/**
 * For a signed-in user who is not an employer yet: register a company that employs riders
 * (POST /api/v1/employer/register/). `onRegistered` runs once the user has the employer role.
 */
export function RegisterEmployer({ onRegistered }: { onRegistered(): void }) {
  const { t } = useTranslation(['owner', 'common']);
  const user = useAppStore((state) => state.user);
  const [opened, { open, close }] = useDisclosure(false);
  const register = useRegisterEmployer();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('registerEmployer.title')}
        </Title>
        <Text size="sm">{t('registerEmployer.intro')}</Text>
        <Group>
          <Button variant="default" onClick={open}>
            {t('registerEmployer.open')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t('registerEmployer.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:form.close') }}
      >
        <ProfileForm
          type="employer"
          initial={{ first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', email: user?.email ?? '' }}
          submitLabel={t('registerEmployer.submit')}
          onSubmit={async (input) => {
            await register.mutateAsync(input);
            close();
            notify.success(t('registerEmployer.done'));
            onRegistered();
          }}
        />
      </Modal>
    </Card>
  );
}
