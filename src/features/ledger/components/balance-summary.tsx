import { Alert, Card, EmptyState, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { errorText } from '@/lib/api-error';
import { useBalanceSummary } from '../api/get-balance-summary';
import { BarChart } from './bar-chart';
import { SummaryTable } from './summary-table';

const METRICS = ['charged', 'paid', 'owing', 'balance'] as const;
type Metric = (typeof METRICS)[number];

/** Every venue's totals side by side, with a chart per currency (amounts of two currencies never share an axis). */
export function BalanceSummary() {
  const { t } = useTranslation('ledger');
  const summary = useBalanceSummary();
  const [metric, setMetric] = useState<Metric>('charged');

  if (summary.isError) return <Alert color="red">{errorText(summary.error)}</Alert>;
  if (!summary.data) return <Skeleton height={240} aria-label={t('loading')} />;
  const { results, totals } = summary.data;
  if (!results.length) return <EmptyState title={t('summary.empty')} size="sm" />;
  const currencies = [...new Set(results.map((row) => row.venue.currency))];

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby="summary-chart-title">
        <Stack>
          <Title order={2} size="h4" id="summary-chart-title">
            {t('summary.chartTitle')}
          </Title>
          <NativeSelect
            label={t('summary.metric')}
            value={metric}
            onChange={(event) => setMetric(event.currentTarget.value as Metric)}
            data={METRICS.map((value) => ({ value, label: t(`totals.${value}`) }))}
            w={{ base: '100%', xs: 220 }}
          />
          {currencies.map((currency) => (
            <Stack key={currency} gap="xs">
              {currencies.length > 1 && <Text fw={600}>{currency}</Text>}
              <BarChart
                title={t('summary.chart', { metric: t(`totals.${metric}`), currency })}
                labelHeading={t('summary.venue')}
                valueHeading={t(`totals.${metric}`)}
                bars={results
                  .filter((row) => row.venue.currency === currency)
                  .map((row) => ({
                    key: row.venue.id,
                    label: row.venue.name,
                    value: row[metric],
                    display: formatMoney(row[metric], currency),
                  }))}
              />
            </Stack>
          ))}
        </Stack>
      </Card>
      <Card withBorder component="section" aria-labelledby="summary-table-title">
        <Stack>
          <Title order={2} size="h4" id="summary-table-title">
            {t('summary.tableTitle')}
          </Title>
          <SummaryTable results={results} totals={totals} />
        </Stack>
      </Card>
    </Stack>
  );
}
