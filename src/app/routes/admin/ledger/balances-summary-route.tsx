import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BalanceSummary } from '@/features/ledger/components/balance-summary';

/** Balances across every venue. */
export function BalancesSummaryRoute() {
  const { t } = useTranslation(['routes', 'ledger']);
  return (
    <Stack>
      <Title order={1}>{t('routes:balancesSummary')}</Title>
      <Text c="dimmed">{t('ledger:summary.intro')}</Text>
      <BalanceSummary />
    </Stack>
  );
}
