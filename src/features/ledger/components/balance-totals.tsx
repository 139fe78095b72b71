import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BalanceOverview } from '@shared/schemas/ledger';
import { Amount } from './amount';

const FIGURES = ['balance', 'charged', 'tax', 'paid', 'owing', 'credit', 'revenue'] as const;

/** The venue's totals, one card each. */
export function BalanceTotals({ totals, currency }: { totals: BalanceOverview['totals']; currency: string }) {
  const { t } = useTranslation('ledger');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 7 }} spacing="sm" component="dl" m={0}>
      {FIGURES.map((figure) => (
        <Paper key={figure} withBorder p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {t(`totals.${figure}`)}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg" ta="right">
            <Amount minor={totals[figure]} currency={currency} />
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
