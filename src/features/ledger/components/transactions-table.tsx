import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transaction, TransactionPage } from '@shared/schemas/ledger';
import { formatDateTime } from '@/lib/format';
import { Amount, NumberCell, NumberTh } from './amount';

interface TransactionsTableProps {
  page: TransactionPage;
  currency: string;
  /** The buttons of one row (edit, reverse). */
  actions(entry: Transaction): ReactNode;
}

const KIND_COLORS: Record<Transaction['kind'], string> = {
  charge: 'orange',
  credit: 'teal',
  payment: 'green',
  payout: 'grape',
  fee: 'yellow',
  sale: 'blue',
  reversal: 'gray',
};

/**
 * One page of entries. Amounts are signed as they affect the party (a charge is negative, a
 * payment positive); a reversed entry is struck through and marked, its reversal says which
 * entry it cancels. The footer totals the whole filtered list, not just this page.
 */
export function TransactionsTable({ page, currency, actions }: TransactionsTableProps) {
  const { t } = useTranslation('ledger');
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Caption>{t('table.signs')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.recorded')}</Table.Th>
            <Table.Th>{t('table.id')}</Table.Th>
            <Table.Th>{t('table.party')}</Table.Th>
            <Table.Th>{t('table.description')}</Table.Th>
            <Table.Th>{t('table.kind')}</Table.Th>
            <NumberTh>{t('table.quantity')}</NumberTh>
            <NumberTh>{t('table.unitPrice')}</NumberTh>
            <NumberTh>{t('table.net')}</NumberTh>
            <NumberTh>{t('table.tax')}</NumberTh>
            <NumberTh>{t('table.gross')}</NumberTh>
            <Table.Th>
              <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.results.map((entry) => {
            const reversed = entry.reversed_by !== null;
            return (
              <Table.Tr key={entry.id} data-reversed={reversed || undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.recorded_at)}</Table.Td>
                <Table.Td>#{entry.id}</Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{entry.party.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`partyType.${entry.party.type}`)}
                      {entry.beneficiary && ` · ${t('table.for', { name: entry.beneficiary.name })}`}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td maw={320}>
                  <Stack gap={2}>
                    <Text size="sm" td={reversed ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
                      {entry.description}
                    </Text>
                    <Group gap={4}>
                      {reversed && (
                        <Badge
                          color="red"
                          variant="light"
                          size="sm"
                          title={t('table.reversedBy', { id: entry.reversed_by })}
                        >
                          {t('table.reversed')}
                        </Badge>
                      )}
                      {entry.reversal_of !== null && (
                        <Text size="xs" c="dimmed">
                          {t('table.reversalOf', { id: entry.reversal_of })}
                        </Text>
                      )}
                      {entry.replaces !== null && (
                        <Text size="xs" c="dimmed">
                          {t('table.replaces', { id: entry.replaces })}
                        </Text>
                      )}
                      {entry.invoice !== null && (
                        <Badge color="blue" variant="light" size="sm">
                          {t('table.invoiced')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t(`source.${entry.source}`)}
                      {entry.created_by && ` · ${entry.created_by.name}`}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {/* A badge's label may shrink to nothing (it ellipsises): in a table squeezed to a
                      laptop's width (1366 px) the column then showed a dot. At least its text. */}
                  <Badge color={KIND_COLORS[entry.kind]} variant="light" miw="max-content">
                    {t(`kind.${entry.kind}`)}
                  </Badge>
                </Table.Td>
                <NumberCell strike={reversed}>{entry.quantity}</NumberCell>
                <NumberCell strike={reversed}>
                  <Amount minor={entry.unit_price} currency={currency} />
                </NumberCell>
                <NumberCell strike={reversed}>
                  <Amount minor={entry.net} currency={currency} />
                </NumberCell>
                <NumberCell strike={reversed}>
                  <Amount minor={entry.tax} currency={currency} />
                </NumberCell>
                <NumberCell strike={reversed}>
                  <Amount minor={entry.gross} currency={currency} />
                </NumberCell>
                <Table.Td>{actions(entry)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th colSpan={7} scope="row">
              {t('table.total', { count: page.count })}
            </Table.Th>
            <NumberCell>
              <Amount minor={page.totals.net} currency={currency} />
            </NumberCell>
            <NumberCell>
              <Amount minor={page.totals.tax} currency={currency} />
            </NumberCell>
            <NumberCell>
              <Amount minor={page.totals.gross} currency={currency} />
            </NumberCell>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
