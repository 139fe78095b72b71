import { Badge, Button, Card, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@shared/schemas/user';
import { showError } from '@/lib/api-error';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { useSearchUsers } from '../api/search-users';
import { useSetUserActive } from '../api/set-user-active';
import { displayName } from '../user-name';

/**
 * Admins deactivate an account — staff who left, a lost login — and every session of it ends at
 * once, on every device; a reactivated account signs in afresh (its old sessions stay ended).
 */
export function AccountsCard() {
  const { t } = useTranslation('auth');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(debounced);
  const setActive = useSetUserActive();
  const results = debounced.length >= 2 ? (search.data?.results ?? []) : [];

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
    <Card withBorder component="section" aria-labelledby="accounts-title">
      <Stack>
        <Title order={2} size="h4" id="accounts-title">
          {t('accounts.title')}
        </Title>
        <TextInput
          type="search"
          label={t('accounts.search')}
          description={t('impersonation.searchHint')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {debounced.length >= 2 && search.isSuccess && results.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('impersonation.noResults')}
          </Text>
        )}
        {results.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('impersonation.name')}</Table.Th>
                  <Table.Th>{t('accounts.status')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {displayName(user)}
                      <Text size="xs" c="dimmed">
                        {user.username} · {user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={user.is_active ? 'green' : 'gray'} size="sm">
                        {t(user.is_active ? 'accounts.active' : 'accounts.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
