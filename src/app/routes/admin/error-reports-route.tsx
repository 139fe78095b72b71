import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorReportTable } from '@/features/system/components/error-report-table';

/** What went wrong in the browsers: server errors, lost connections and crashes (spec §8). */
export function ErrorReportsRoute() {
  const { t } = useTranslation(['routes', 'system']);
  return (
    <Stack>
      <Title order={1}>{t('routes:errorReports')}</Title>
      <Text c="dimmed">{t('system:errorReports.intro')}</Text>
      <ErrorReportTable />
    </Stack>
  );
}
