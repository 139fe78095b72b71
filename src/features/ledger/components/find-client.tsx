import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/lib/api-error';
import { translateFieldError } from '@/lib/form-errors';
import { FIND_CLIENT_MIN_LENGTH, useFindClient } from '../api/find-client';
import { partyTransactionsHref } from '../party-link';
import { Amount, NumberCell, NumberTh } from './amount';

/** Search every party by name or e-mail and see what they owe or are owed at each venue. */
export function FindClient() {
  const { t } = useTranslation('ledger');
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const found = useFindClient(term);

  return (
    <Stack>
      <Card withBorder component="section" aria-label={t('findClient.label')}>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const search = text.trim();
            setTooShort(search.length < FIND_CLIENT_MIN_LENGTH);
            if (search.length >= FIND_CLIENT_MIN_LENGTH) setTerm(search);
          }}
        >
          <Group align="flex-end">
            <TextInput
              label={t('findClient.search')}
              description={t('findClient.hint')}
              type="search"
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.currentTarget.value)}
              error={tooShort ? translateFieldError('too_short') : undefined}
              w={{ base: '100%', xs: 320 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={found.isFetching}>
              {t('findClient.submit')}
            </Button>
          </Group>
        </form>
      </Card>
      {found.isError && <Alert color="red">{errorText(found.error)}</Alert>}
      {found.isFetching && !found.data && <Skeleton height={120} aria-label={t('loading')} />}
      {found.data?.results.length === 0 && <EmptyState title={t('findClient.empty', { search: term })} size="sm" />}
      {found.data?.results.map((client) => (
        <Card
          withBorder
          component="article"
          key={`${client.party.type}-${client.party.id}`}
          aria-label={client.party.name}
        >
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={700}>{client.party.name}</Text>
              <Badge variant="light">{t(`partyType.${client.party.type}`)}</Badge>
            </Group>
            {client.email && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {client.email}
              </Text>
            )}
            {client.balances.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('findClient.noBalances')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={300}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('summary.venue')}</Table.Th>
                      <NumberTh>{t('totals.balance')}</NumberTh>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {client.balances.map((balance) => (
                      <Table.Tr key={balance.venue}>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={partyTransactionsHref(balance.venue, client.party)}
                            aria-label={t('findClient.open', { name: client.party.name, venue: balance.venue_name })}
                          >
                            {balance.venue_name}
                          </Anchor>
                        </Table.Td>
                        <NumberCell>
                          <Amount minor={balance.balance} currency={balance.currency} />
                        </NumberCell>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
