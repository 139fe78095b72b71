import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BalanceSummary } from '@shared/schemas/ledger';
import { formatDate } from '@/lib/format';
import { href } from '@/lib/paths';
import { Amount, NumberCell, NumberTh } from './amount';

const FIGURES = ['charged', 'tax', 'paid', 'owing', 'balance'] as const;

/** One row per venue, each in its own currency, and a total row per currency. */
export function SummaryTable({ results, totals }: BalanceSummary) {
  const { t } = useTranslation('ledger');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('summary.venue')}</Table.Th>
            <Table.Th>{t('summary.start')}</Table.Th>
            <NumberTh>{t('summary.parties')}</NumberTh>
            {FIGURES.map((figure) => (
              <NumberTh key={figure}>{t(`totals.${figure}`)}</NumberTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((row) => (
            <Table.Tr key={row.venue.id}>
              <Table.Td>
                <Anchor component={Link} to={href('balances', {}, { venue: row.venue.id })}>
                  {row.venue.name}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.venue.start_date)}</Table.Td>
              <NumberCell>{row.parties}</NumberCell>
              {FIGURES.map((figure) => (
                <NumberCell key={figure}>
                  <Amount minor={row[figure]} currency={row.venue.currency} />
                </NumberCell>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {totals.map((total) => (
            <Table.Tr key={total.currency} fw={700}>
              <Table.Th scope="row" colSpan={3}>
                {t('summary.total', { currency: total.currency })}
              </Table.Th>
              {FIGURES.map((figure) => (
                <NumberCell key={figure}>
                  <Amount minor={total[figure]} currency={total.currency} />
                </NumberCell>
              ))}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
