import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@shared/schemas/user';
import { showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSetUserActive } from '../api/set-user-active';
import { displayName } from '../user-name';
import { UserSearchCard } from './user-search-card';

/**
 * Admins deactivate an account — staff who left, a lost login — and every session of it ends at
 * once, on every device; a reactivated account signs in afresh (its old sessions stay ended).
 */
export function AccountsCard() {
  const { t } = useTranslation('auth');
  const setActive = useSetUserActive();

  async function toggle(user: UserSummary) {
    const name = displayName(user);
    if (user.is_active && !(await confirmDialog({ message: t('accounts.confirmDeactivate', { user: name }) }))) return;
    try {
      await setActive.mutateAsync({ id: user.id, isActive: !user.is_active });
      notify.success(t(user.is_active ? 'accounts.deactivated' : 'accounts.reactivated', { user: name }));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <UserSearchCard
      title={t('accounts.title')}
      searchLabel={t('accounts.search')}
      columns={[
        {
          header: t('accounts.status'),
          cell: (user) => (
            <Badge variant="light" color={user.is_active ? 'green' : 'gray'} size="sm">
              {t(user.is_active ? 'accounts.active' : 'accounts.inactive')}
            </Badge>
          ),
        },
      ]}
      action={(user) => (
        <Button
          size="xs"
          variant="light"
          color={user.is_active ? 'red' : undefined}
          loading={setActive.isPending && setActive.variables?.id === user.id}
          disabled={setActive.isPending}
          aria-label={t(user.is_active ? 'accounts.deactivateUser' : 'accounts.reactivateUser', {
            user: displayName(user),
          })}
          onClick={() => void toggle(user)}
        >
          {t(user.is_active ? 'accounts.deactivate' : 'accounts.reactivate')}
        </Button>
      )}
    />
  );
}
