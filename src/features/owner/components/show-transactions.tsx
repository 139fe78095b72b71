import { Alert, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@shared/money';
import { errorText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/lib/components/scroll-table';
import { useOwnerTransactions } from '../api/money';
import type { OwnerRef } from '../api/owner-path';

/** The owner's entries at one venue, newest first as the ledger answers, with their totals. */
export function ShowTransactions({ owner, venue }: { owner: OwnerRef; venue: number | null }) {
  const { t } = useTranslation(['owner', 'common']);
  const titleId = useId();
  const entries = useOwnerTransactions(owner, venue);
  const rows = entries.data?.results ?? [];
  const currency = rows[0]?.currency ?? '';
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('money.entriesTitle')}
        </Title>
        {entries.isPending && <Skeleton height={96} aria-label={t('common:table.loading')} />}
        {entries.isError && <Alert color="red">{errorText(entries.error)}</Alert>}
        {entries.data && rows.length === 0 && <Text c="dimmed">{t('money.noEntries')}</Text>}
        {entries.data && rows.length > 0 && (
          <ScrollTable minWidth={560} labelledBy={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('money.date')}</Table.Th>
                <Table.Th>{t('money.description')}</Table.Th>
                <Table.Th ta="right">{t('money.quantity')}</Table.Th>
                <Table.Th ta="right">{t('money.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.occurred_at)}</Table.Td>
                  <Table.Td>{row.description || row.category}</Table.Td>
                  <Table.Td ta="right">{row.quantity}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.gross, row.currency)}
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
              </Table.Tr>
            </Table.Tfoot>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
