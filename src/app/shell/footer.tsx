import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@shared/constants';

/** Version, the zone times are shown in (a venue's), copyright. */
export function Footer({ timeZone = null }: { timeZone?: string | null }) {
  const { t } = useTranslation('shell');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed">
        {t('footer.version', { version: __APP_VERSION__ })}
      </Text>
      {timeZone && (
        <Text size="xs" c="dimmed">
          {t('footer.timeZone', { zone: timeZone })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
      </Text>
    </Group>
  );
}
