import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FloorStatus } from '@/offline/status';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';

/**
 * What floor staff need to trust the screen: connection, queued writes, last sync, storage.
 * Colours are the darker shades so that the small badge text keeps a 4.5:1 contrast (WCAG AA).
 */
export function StatusBar({ status }: { status: FloorStatus }) {
  const { t } = useTranslation('floor');
  return (
    <>
      {status.outdated && (
        <Alert color="red" role="alert" title={t('status.outdatedTitle')}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('status.outdated')}</Text>
            <Button size="xs" color="red" onClick={() => browser.reload()}>
              {t('status.reload')}
            </Button>
          </Group>
        </Alert>
      )}
      <Group gap="xs" role="status" aria-label={t('status.label')}>
        <Badge color={status.online ? 'teal.9' : 'red.9'} variant="filled">
          {status.online ? t('status.online') : t('status.offline')}
        </Badge>
        <Badge color={status.pending ? 'blue.9' : 'gray.7'} variant={status.pending ? 'filled' : 'outline'}>
          {t('status.pending', { count: status.pending })}
        </Badge>
        <Badge color="gray.7" variant="outline">
          {status.lastSyncAt
            ? t('status.lastSync', { time: formatDateTime(status.lastSyncAt) })
            : t('status.neverSynced')}
        </Badge>
        {status.persisted !== null && (
          <Badge color={status.persisted ? 'gray.7' : 'red.9'} variant="outline">
            {status.persisted ? t('status.persisted') : t('status.notPersisted')}
          </Badge>
        )}
        {status.syncing && <Loader size="xs" role="status" aria-label={t('status.syncing')} />}
      </Group>
    </>
  );
}
