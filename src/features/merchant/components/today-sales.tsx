import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import type { Transaction } from '@shared/schemas/ledger';
import { errorText } from '@/lib/api-error';
import { useSales } from '../api/list-sales';

/** Gross and fees per currency (a merchant may sell at shows in different currencies). */
function perCurrency(rows: Transaction[]) {
  const totals = new Map<string, { gross: number; fee: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { gross: 0, fee: 0 };
    totals.set(row.currency, { gross: total.gross + Math.abs(row.gross), fee: total.fee + row.fee });
  }
  return [...totals.entries()];
}

/** Today's sales at a glance: how many, their total and the fees. */
export function TodaySales({ merchant }: { merchant: number }) {
  const { t } = useTranslation('people');
  const sales = useSales(merchant, dayjs().format('YYYY-MM-DD'));
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('dashboard.today')}
        </Title>
        {sales.isPending && <Skeleton height={48} aria-label={t('common:table.loading')} />}
        {sales.isError && <Alert color="red">{errorText(sales.error)}</Alert>}
        {sales.data && (
          <>
            <Text>{t('dashboard.count', { count: sales.data.count })}</Text>
            {perCurrency(sales.data.results).map(([currency, total]) => (
              <Text key={currency} fw={600}>
                {t('dashboard.total', {
                  total: formatMoney(total.gross, currency),
                  fee: formatMoney(total.fee, currency),
                })}
              </Text>
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}
