import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { showError } from '@/lib/api-error';
import { useImpersonate } from '../api/impersonate';
import type { UserSummary } from '@shared/schemas/user';
import { useSearchUsers } from '../api/search-users';
import { displayName } from '../user-name';

interface ImpersonationControlProps {
  /** Starts the session as the impersonated user. */
  onToken(token: string): Promise<void>;
}

/** Admins find a user and act as them (hidden where the server disables impersonation). */
export function ImpersonationControl({ onToken }: ImpersonationControlProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(debounced);
  const impersonate = useImpersonate();

  async function actAs(user: UserSummary) {
    try {
      const { token } = await impersonate.mutateAsync(user.id);
      await onToken(token);
    } catch (error) {
      showError(error);
    }
  }

  const results = debounced.length >= 2 ? (search.data?.results ?? []) : [];

  return (
    <Card withBorder component="section" aria-labelledby="impersonation-title">
      <Stack>
        <Title order={2} size="h4" id="impersonation-title">
          {t('impersonation.title')}
        </Title>
        <TextInput
          type="search"
          label={t('impersonation.search')}
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
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('impersonation.name')}</Table.Th>
                  <Table.Th>{t('impersonation.email')}</Table.Th>
                  <Table.Th>{t('impersonation.roles')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      {displayName(user)}
                      <Text size="xs" c="dimmed">
                        {user.username}
                      </Text>
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {user.roles.map((role) => (
                          <Badge key={role} variant="light" size="sm">
                            {t(`common:roles.${role}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
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
