import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@shared/constants';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <Group h="100%" px="md" justify="space-between">
      <Text size="xs" c="dimmed">
        {t('footer.version', { version: __APP_VERSION__ })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
      </Text>
    </Group>
  );
}
