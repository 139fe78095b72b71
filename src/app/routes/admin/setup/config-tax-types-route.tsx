import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TaxTypeList } from '@/features/configuration/components/tax-type-list';

export function ConfigTaxTypesRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  return (
    <Stack>
      <Title order={1}>{t('routes:configTaxTypes')}</Title>
      <Text c="dimmed">{t('configuration:taxTypes.intro')}</Text>
      <TaxTypeList />
    </Stack>
  );
}
