import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDecimalString } from '@shared/money';
import { formatMoney } from '@/lib/format';
import type { EvclFees as Fees } from '@shared/schemas/people';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/lib/components/scroll-table';
import { QueryView } from '@/lib/components/query-view';
import { useEvclFees } from '../api/get-evcl-fees';

/** Basis points as a percentage: 250 → "2.50 %". */
const percent = (bp: number) => `${minorToDecimalString(bp)} %`;

function Charged({ fees }: { fees: Fees }) {
  const { t } = useTranslation('people');
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('fees.charged')}
        </Title>
        {fees.results.length === 0 ? (
          <Text c="dimmed">{t('fees.empty')}</Text>
        ) : (
          <ScrollTable minWidth={560} labelledBy={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales.when')}</Table.Th>
                <Table.Th>{t('fees.venue')}</Table.Th>
                <Table.Th>{t('sales.description')}</Table.Th>
                <Table.Th ta="right">{t('sales.amount')}</Table.Th>
                <Table.Th ta="right">{t('sales.fee')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees.results.map((row) => (
                <Table.Tr key={row.transaction}>
                  <Table.Td>{formatDateTime(row.recorded_at)}</Table.Td>
                  <Table.Td>{row.venue_name}</Table.Td>
                  <Table.Td>{row.description || '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.gross_minor, row.currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.fee_minor, row.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {fees.totals.map((total) => (
                <Table.Tr key={total.currency}>
                  <Table.Th colSpan={3}>{t('fees.total', { currency: total.currency })}</Table.Th>
                  <Table.Th ta="right">{formatMoney(total.gross_minor, total.currency)}</Table.Th>
                  <Table.Th ta="right">{formatMoney(total.fee_minor, total.currency)}</Table.Th>
                </Table.Tr>
              ))}
            </Table.Tfoot>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

/** The merchant's processing fee plan (percent + fixed) and the fees charged on sales. */
export function EvclFees({ merchant }: { merchant: number }) {
  const { t } = useTranslation('people');
  const fees = useEvclFees(merchant);
  const planId = useId();
  return (
    <QueryView query={fees}>
      {(data) => (
        <Stack>
          <Card withBorder component="section" aria-labelledby={planId}>
            <Stack gap="xs">
              <Title order={2} size="h4" id={planId}>
                {t('fees.plan')}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Text>{t('fees.percent', { value: percent(data.plan.fee_percent_bp) })}</Text>
                <Text>{t('fees.fixed', { value: minorToDecimalString(data.plan.fee_fixed_minor) })}</Text>
              </SimpleGrid>
            </Stack>
          </Card>
          <Charged fees={data} />
        </Stack>
      )}
    </QueryView>
  );
}
