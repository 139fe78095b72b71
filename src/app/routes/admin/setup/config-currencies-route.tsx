import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencyList } from '@/features/configuration/components/currency-list';

export function ConfigCurrenciesRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  return (
    <Stack>
      <Title order={1}>{t('routes:configCurrencies')}</Title>
      <Text c="dimmed">{t('configuration:currencies.intro')}</Text>
      <CurrencyList />
    </Stack>
  );
}
