import { Button, Code, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@shared/schemas/audit-log';
import { formatDateTime } from '@/lib/format';
import { DetailList } from './detail-list';
import { UserRef } from './user-ref';

interface AuditLogDetailsProps {
  entry: AuditLogEntry;
  onClose(): void;
}

/** One audit entry in full, its details as JSON. */
export function AuditLogDetails({ entry, onClose }: AuditLogDetailsProps) {
  const { t } = useTranslation('system');
  const hasDetails = Object.keys(entry.details).length > 0;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('auditLog.detailsTitle', { id: entry.id })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        <DetailList
          items={[
            [t('auditLog.time'), <span title={entry.at}>{formatDateTime(entry.at)}</span>],
            [t('auditLog.action'), <Code>{entry.action}</Code>],
            [t('auditLog.actor'), <UserRef id={entry.actor_user_id} username={entry.actor_username} />],
            [
              t('auditLog.impersonator'),
              entry.impersonator_id === null ? null : (
                <UserRef id={entry.impersonator_id} username={entry.impersonator_username} />
              ),
            ],
            [
              t('auditLog.target'),
              entry.target_user_id === null ? null : (
                <UserRef id={entry.target_user_id} username={entry.target_username} />
              ),
            ],
            [t('auditLog.ip'), entry.ip],
            [t('auditLog.userAgent'), entry.user_agent],
          ]}
        />
        <Title order={3} size="h5">
          {t('auditLog.details')}
        </Title>
        {hasDetails ? (
          <ScrollArea.Autosize mah={320}>
            <Code block>{JSON.stringify(entry.details, null, 2)}</Code>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed">{t('auditLog.noDetails')}</Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('table.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
