import { Alert, Button, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorStatus } from '@/offline/status';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/format';
import { Chip } from './marks';
import { SignInPrompt } from './sign-in-prompt';

/**
 * Storage the browser may clear is not an error: a neutral chip that explains itself on a tap
 * (what it means, and that installing the app keeps the data).
 */
function StorageChip() {
  const { t } = useTranslation('floor');
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={t('status.storageExplainLabel')} style={{ maxWidth: '100%' }}>
          <Chip
            color="gray.7"
            variant="outline"
            style={{ cursor: 'pointer' }}
            rightSection={<IconInfoCircle size={14} stroke={2} aria-hidden />}
          >
            {t('status.notPersisted')}
          </Chip>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('status.storageTitle')}
          </Text>
          <Text size="sm">{t('status.storageMeaning')}</Text>
          <Text size="sm">{t('status.storageInstall')}</Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * What floor staff need to trust the screen: connection, queued writes, last sync, storage.
 * Colours are the darker shades so that the small badge text keeps a 4.5:1 contrast (WCAG AA).
 * The pending count shows only once the outbox has been read (never a "0" while writes wait).
 */
export function StatusBar({ status }: { status: FloorStatus }) {
  const { t } = useTranslation('floor');
  const { pending } = status;
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
      <SignInPrompt pending={status.pending} />
      <Group gap="xs" role="status" aria-label={t('status.label')}>
        <Chip color={status.online ? 'teal.9' : 'red.9'} variant="filled">
          {status.online ? t('status.online') : t('status.offline')}
        </Chip>
        {pending === null ? (
          <Chip color="gray.7" variant="outline" leftSection={<Loader size={10} color="gray.7" />}>
            {t('status.pendingReading')}
          </Chip>
        ) : (
          <Chip color={pending ? 'blue.9' : 'gray.7'} variant={pending ? 'filled' : 'outline'}>
            {t('status.pending', { count: pending })}
          </Chip>
        )}
        <Chip color="gray.7" variant="outline">
          {status.lastSyncAt
            ? t('status.lastSync', { time: formatDateTime(status.lastSyncAt) })
            : t('status.neverSynced')}
        </Chip>
        {status.persisted === true && (
          <Chip color="gray.7" variant="outline">
            {t('status.persisted')}
          </Chip>
        )}
        {status.persisted === false && <StorageChip />}
        {status.syncing && <Loader size="xs" role="status" aria-label={t('status.syncing')} />}
      </Group>
    </>
  );
}
