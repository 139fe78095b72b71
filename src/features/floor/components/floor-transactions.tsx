import { Button, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@shared/money';
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

/** The venue's entries on this device, newest first; this device's unsent ones marked. */
export function FloorTransactions() {
  const { t } = useTranslation('floor');
  const venue = useFloorVenue();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [limit, setLimit] = useState(TRANSACTIONS_PAGE);
  const data = useVenueTransactions(venue, limit, debounced);
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
      {data?.results.length === 0 && <Text c="dimmed">{t('transactions.none')}</Text>}
      {data && data.results.length === limit && (
        <Button variant="default" onClick={() => setLimit(limit + TRANSACTIONS_PAGE)}>
          {t('transactions.more')}
        </Button>
      )}
    </Stack>
  );
}
