import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FindClient } from '@/features/ledger/components/find-client';

/** Any party by name or e-mail, with its balance at every venue. */
export function FindClientRoute() {
  const { t } = useTranslation(['routes', 'ledger']);
  return (
    <Stack>
      <Title order={1}>{t('routes:findClient')}</Title>
      <Text c="dimmed">{t('ledger:findClient.intro')}</Text>
      <FindClient />
    </Stack>
  );
}
