import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@shared/schemas/user';
import { showError } from '@/lib/api-error';
import { useImpersonate } from '../api/impersonate';
import { displayName } from '../user-name';
import { UserSearchCard } from './user-search-card';

interface ImpersonationControlProps {
  /** Starts the session as the impersonated user. */
  onToken(token: string): Promise<void>;
}

/** Admins find a user and act as them (hidden where the server disables impersonation). */
export function ImpersonationControl({ onToken }: ImpersonationControlProps) {
  const { t } = useTranslation(['auth', 'common']);
  const impersonate = useImpersonate();

  async function actAs(user: UserSummary) {
    try {
      const { token } = await impersonate.mutateAsync(user.id);
      await onToken(token);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <UserSearchCard
      title={t('impersonation.title')}
      searchLabel={t('impersonation.search')}
      columns={[
        { header: t('impersonation.email'), cell: (user) => user.email },
        {
          header: t('impersonation.roles'),
          cell: (user) => (
            <Group gap={4}>
              {user.roles.map((role) => (
                <Badge key={role} variant="light" size="sm">
                  {t(`common:roles.${role}`)}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
      action={(user) => (
        <Button
          size="xs"
          variant="light"
          loading={impersonate.isPending && impersonate.variables === user.id}
          disabled={impersonate.isPending}
          aria-label={t('impersonation.impersonateUser', { user: displayName(user) })}
          onClick={() => void actAs(user)}
        >
          {t('impersonation.impersonate')}
        </Button>
      )}
    />
  );
}
