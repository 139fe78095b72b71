import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/**
 * The server refused the session and it could not be renewed: said at once and
 * for as long as it lasts, with the writes that are kept and a sign-in that comes back here.
 */
export function SignInPrompt({ pending }: { pending: number | null }) {
  const { t } = useTranslation('offline');
  const needed = useAppStore((state) => state.signInNeeded);
  const { pathname, search } = useLocation();
  if (!needed) return null;
  return (
    <Alert color="orange" role="alert" title={t('signInNeeded.title')}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {pending === null ? t('signInNeeded.bodyReading') : t('signInNeeded.body', { count: pending })}
        </Text>
        <Button size="xs" component={Link} to={href('login', {}, { next: `${pathname}${search}` })}>
          {t('signInNeeded.action')}
        </Button>
      </Group>
    </Alert>
  );
}
