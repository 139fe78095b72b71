import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@shared/schemas/ledger';
import { errorText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/lib/components/scroll-table';
import { useOwnerTransactions } from '../api/money';
import { EntryLabel, useEntryDescription } from './entry-label';
import type { OwnerRef } from '../api/owner-path';

type EntryState = 'reversed' | 'invoiced' | 'open';
const stateOf = (row: Transaction): EntryState =>
  (row.reversed_by ?? null) !== null || row.kind === 'reversal'
    ? 'reversed'
    : (row.invoice ?? null) !== null
      ? 'invoiced'
      : 'open';
const STATE_COLORS: Record<EntryState, string> = { open: 'blue.9', invoiced: 'gray.7', reversed: 'gray.7' };

/** Whether the entry is still open (not invoiced yet), invoiced, or reversed; its words never clip. */
function EntryStateChip({ row }: { row: Transaction }) {
  const { t } = useTranslation('owner');
  const state = stateOf(row);
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant={state === 'open' ? 'filled' : 'outline'}
      styles={{
        root: { height: 'auto', maxWidth: '100%', flexShrink: 0 },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      {t(`money.state.${state}`)}
    </Badge>
  );
}

/** An entry as a card (phones): amount and state on its first lines, never scrolled out of view. */
function EntryCard({ row }: { row: Transaction }) {
  const description = useEntryDescription()(row);
  return (
    <Card withBorder padding="xs" component="li" aria-label={`${description}, ${formatMoney(row.gross, row.currency)}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <EntryLabel row={row} />
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(row.gross, row.currency)}
        </Text>
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="sm" c="dimmed">
          {formatDateTime(row.occurred_at)} · {row.quantity} ×
        </Text>
        <EntryStateChip row={row} />
      </Group>
    </Card>
  );
}

/** The owner's entries at one venue, newest first as the ledger answers, with their totals. */
export function ShowTransactions({ owner, venue }: { owner: OwnerRef; venue: number | null }) {
  const { t } = useTranslation(['owner', 'common']);
  const titleId = useId();
  const entries = useOwnerTransactions(owner, venue);
  const rows = entries.data?.results ?? [];
  const currency = rows[0]?.currency ?? '';
  // The table needs about 560 px: narrower screens list the entries as cards.
  const wide = useMediaQuery('(min-width: 40em)', false, { getInitialValueInEffect: false });
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('money.entriesTitle')}
        </Title>
        {entries.isPending && <Skeleton height={96} aria-label={t('common:table.loading')} />}
        {entries.isError && <Alert color="red">{errorText(entries.error)}</Alert>}
        {entries.data && rows.length === 0 && <Text c="dimmed">{t('money.noEntries')}</Text>}
        {entries.data && rows.length > 0 && !wide && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {rows.map((row) => (
              <EntryCard key={row.id} row={row} />
            ))}
            <Group justify="space-between" component="li" px="xs">
              <Text fw={600}>{t('money.total', { entries: entries.data.count })}</Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(entries.data.totals.gross, currency)}
              </Text>
            </Group>
          </Stack>
        )}
        {entries.data && rows.length > 0 && wide && (
          <ScrollTable minWidth={560} labelledBy={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('money.date')}</Table.Th>
                <Table.Th>{t('money.description')}</Table.Th>
                <Table.Th ta="right">{t('money.quantity')}</Table.Th>
                <Table.Th ta="right">{t('money.amount')}</Table.Th>
                <Table.Th>{t('money.stateTitle')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.occurred_at)}</Table.Td>
                  <Table.Td>
                    <EntryLabel row={row} />
                  </Table.Td>
                  <Table.Td ta="right">{row.quantity}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.gross, row.currency)}
                  </Table.Td>
                  <Table.Td>
                    <EntryStateChip row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3}>{t('money.total', { entries: entries.data.count })}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(entries.data.totals.gross, currency)}
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
