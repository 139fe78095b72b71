import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PartyBalance } from '@shared/schemas/ledger';
import { partyTransactionsHref } from '../party-link';
import { Amount, NumberCell, NumberTh } from './amount';

/** One row per party at the venue, linked to its entries. */
export function PartyBalancesTable({ rows, currency }: { rows: readonly PartyBalance[]; currency: string }) {
  const { t } = useTranslation('ledger');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('parties.party')}</Table.Th>
            <Table.Th>{t('parties.type')}</Table.Th>
            <NumberTh>{t('parties.entries')}</NumberTh>
            <NumberTh>{t('totals.charged')}</NumberTh>
            <NumberTh>{t('totals.tax')}</NumberTh>
            <NumberTh>{t('totals.paid')}</NumberTh>
            <NumberTh>{t('totals.balance')}</NumberTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.party.type}-${row.party.id}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={partyTransactionsHref(row.venue, row.party)}
                  aria-label={t('parties.open', { name: row.party.name })}
                >
                  {row.party.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`partyType.${row.party.type}`)}</Table.Td>
              <NumberCell>{row.transactions}</NumberCell>
              <NumberCell>
                <Amount minor={row.charged} currency={currency} />
              </NumberCell>
              <NumberCell>
                <Amount minor={row.tax} currency={currency} />
              </NumberCell>
              <NumberCell>
                <Amount minor={row.paid} currency={currency} />
              </NumberCell>
              <NumberCell>
                <Text span inherit fw={600} c={row.balance < 0 ? 'red.9' : undefined}>
                  <Amount minor={row.balance} currency={currency} />
                </Text>
              </NumberCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
