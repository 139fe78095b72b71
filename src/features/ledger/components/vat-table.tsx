import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@shared/ledger';
import type { BalanceOverview } from '@shared/schemas/ledger';
import { Amount, NumberCell, NumberTh } from './amount';

/** Tax payable per rate: the net it was charged on and the tax. */
export function VatTable({ vat, currency }: { vat: BalanceOverview['vat']; currency: string }) {
  const { t } = useTranslation('ledger');
  if (!vat.length) return <Text c="dimmed">{t('vat.empty')}</Text>;
  const sum = (key: 'net' | 'tax') => vat.reduce((total, row) => total + row[key], 0);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-labelledby="vat-title">
        <Table.Thead>
          <Table.Tr>
            <NumberTh>{t('vat.rate')}</NumberTh>
            <NumberTh>{t('vat.net')}</NumberTh>
            <NumberTh>{t('vat.tax')}</NumberTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vat.map((row) => (
            <Table.Tr key={row.rate_bp}>
              <NumberCell>{formatPercent(row.rate_bp)} %</NumberCell>
              <NumberCell>
                <Amount minor={row.net} currency={currency} />
              </NumberCell>
              <NumberCell>
                <Amount minor={row.tax} currency={currency} />
              </NumberCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row" ta="right">
              {t('vat.total')}
            </Table.Th>
            <NumberCell>
              <Amount minor={sum('net')} currency={currency} />
            </NumberCell>
            <NumberCell>
              <Amount minor={sum('tax')} currency={currency} />
            </NumberCell>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
