import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CountryList } from '@/features/configuration/components/country-list';

export function ConfigCountriesRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  return (
    <Stack>
      <Title order={1}>{t('routes:configCountries')}</Title>
      <Text c="dimmed">{t('configuration:countries.intro')}</Text>
      <CountryList />
    </Stack>
  );
}
