import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLogTable } from '@/features/system/components/audit-log-table';

/** Who signed in, impersonated or changed what, and from where. */
export function AuditLogRoute() {
  const { t } = useTranslation(['routes', 'system']);
  return (
    <Stack>
      <Title order={1}>{t('routes:auditLog')}</Title>
      <Text c="dimmed">{t('system:auditLog.intro')}</Text>
      <AuditLogTable />
    </Stack>
  );
}
