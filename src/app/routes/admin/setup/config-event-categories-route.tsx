import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EventCategoryList } from '@/features/configuration/components/event-category-list';

export function ConfigEventCategoriesRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  return (
    <Stack>
      <Title order={1}>{t('routes:configEventCategories')}</Title>
      <Text c="dimmed">{t('configuration:eventCategories.intro')}</Text>
      <EventCategoryList />
    </Stack>
  );
}
