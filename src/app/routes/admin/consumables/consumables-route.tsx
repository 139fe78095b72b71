import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PriceLists } from '@/features/venues/components/price-lists';

/** Every venue's price lists side by side; copy one venue's list to another. */
export function AdminConsumablesRoute() {
  const { t } = useTranslation('routes');
  return (
    <Stack>
      <Title order={1}>{t('adminConsumables')}</Title>
      <PriceLists />
    </Stack>
  );
}
