import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/store';
import { displayName } from '../user-name';

/** Who is signed in and with which roles. */
export function SignedInUser() {
  const { t } = useTranslation(['auth', 'common']);
  const user = useAppStore((state) => state.user);
  if (!user) return null;
  return (
    <Card withBorder component="section" aria-labelledby="signed-in-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="signed-in-title">
          {t('signedIn.title')}
        </Title>
        <Text fw={600}>{displayName(user)}</Text>
        <Text size="sm" c="dimmed">
          {t('signedIn.account', { username: user.username, email: user.email })}
        </Text>
        <Group gap="xs" aria-label={t('signedIn.roles')}>
          {user.roles.map((role) => (
            <Badge key={role} variant="light">
              {t(`common:roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
