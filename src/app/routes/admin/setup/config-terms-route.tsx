import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TermsList } from '@/features/configuration/components/terms-list';

export function ConfigTermsAndConditionsRoute() {
  const { t } = useTranslation(['routes', 'configuration']);
  return (
    <Stack>
      <Title order={1}>{t('routes:configTermsAndConditions')}</Title>
      <Text c="dimmed">{t('configuration:terms.intro')}</Text>
      <TermsList />
    </Stack>
  );
}
