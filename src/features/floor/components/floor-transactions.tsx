import { Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { FILTER_DEBOUNCE_MS } from '@/lib/debounce';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/lib/components/scroll-table';
import type { LocalTransaction } from '@/offline/db';
import { useVenueTransactions } from '@/offline/queries';
import { useFloorVenue } from '../use-floor-venue';
import { SyncMark } from './marks';

/** How many entries a page shows at first and adds with "Show more": tens of thousands stay smooth. */
export const TRANSACTIONS_PAGE = 200;

function Row({ row }: { row: LocalTransaction }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(row.occurred_at)}</Table.Td>
      <Table.Td>{row.party.name}</Table.Td>
      <Table.Td>{row.description}</Table.Td>
      <Table.Td ta="right">{row.quantity}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(row.gross, row.currency)}
      </Table.Td>
      <Table.Td>
        <SyncMark row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

/** An entry as a card (phones): amount and state on its first line, always in view. */
function EntryCard({ row }: { row: LocalTransaction }) {
  const { t } = useTranslation('floor');
  return (
    <Card
      withBorder
      padding="xs"
      component="li"
      aria-label={`${row.description}, ${formatMoney(row.gross, row.currency)}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {row.description}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.gross, row.currency)}
        </Text>
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {[
            row.party.name,
            formatDateTime(row.occurred_at),
            t('transactions.quantityShort', { count: row.quantity }),
          ].join(' · ')}
        </Text>
        <SyncMark row={row} />
      </Group>
    </Card>
  );
}

/** Wide enough for the table (its columns need about 640 px); narrower screens get cards. */
export const WIDE_QUERY = '(min-width: 48em)';

/** The venue's entries on this device, newest first; this device's unsent ones marked. */
export function FloorTransactions() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [limit, setLimit] = useState(TRANSACTIONS_PAGE);
  const data = useVenueTransactions(venue, limit, debounced);
  const wide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Stack>
      <TextInput
        label={t('transactions.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setLimit(TRANSACTIONS_PAGE);
        }}
        inputMode="search"
      />
      {data && (
        <Text size="sm" c="dimmed">
          {t('transactions.shown', { shown: data.results.length, total: data.total })}
        </Text>
      )}
      {!wide && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('transactions.title')}>
          {data?.results.map((row) => (
            <EntryCard key={row.id} row={row} />
          ))}
        </Stack>
      )}
      {wide && (
        <ScrollTable minWidth={640} label={t('transactions.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.time')}</Table.Th>
              <Table.Th>{t('transactions.party')}</Table.Th>
              <Table.Th>{t('transactions.description')}</Table.Th>
              <Table.Th ta="right">{t('transactions.quantity')}</Table.Th>
              <Table.Th ta="right">{t('transactions.amount')}</Table.Th>
              <Table.Th>{t('transactions.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.results.map((row) => (
              <Row key={row.id} row={row} />
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      {data?.results.length === 0 && <Text c="dimmed">{t('transactions.none')}</Text>}
      {data && data.results.length === limit && (
        <Button variant="default" onClick={() => setLimit(limit + TRANSACTIONS_PAGE)}>
          {t('transactions.more')}
        </Button>
      )}
    </Stack>
  );
}
