import { Card, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@shared/schemas/user';
import { SEARCH_DEBOUNCE_MS } from '@/lib/debounce';
import { useSearchUsers } from '../api/search-users';
import { displayName } from '../user-name';

interface UserSearchCardProps {
  title: string;
  searchLabel: string;
  /** Columns between the name and the action, each a header and a cell per user. */
  columns: { header: string; cell(user: UserSummary): ReactNode }[];
  action(user: UserSummary): ReactNode;
}

/** An admin's card that finds accounts by name, username or e-mail and acts on one of them. */
export function UserSearchCard({ title, searchLabel, columns, action }: UserSearchCardProps) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(debounced);
  const results = debounced.length >= 2 ? (search.data?.results ?? []) : [];

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <TextInput
          type="search"
          label={searchLabel}
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
                  {columns.map((column) => (
                    <Table.Th key={column.header}>{column.header}</Table.Th>
                  ))}
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
                    {columns.map((column) => (
                      <Table.Td key={column.header}>{column.cell(user)}</Table.Td>
                    ))}
                    <Table.Td>{action(user)}</Table.Td>
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
