import { Alert, Button, Group, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FloorStatus, OthersWrites } from '@/offline/status';
import { browser } from '@/lib/browser';
import { formatClock, formatDateTime } from '@/lib/format';
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

export type Connection = 'offline' | 'unreachable' | 'sending' | 'allSent' | 'online';

/**
 * What is true about the connection, in this order: the browser has no network; the API did not
 * answer (a server down behind a working wifi); writes are going out; everything was sent (at
 * the last sync); else simply online.
 */
export function connectionOf(status: FloorStatus): Connection {
  if (!status.online) return 'offline';
  if (status.reachable === false) return 'unreachable';
  if (status.syncing && status.pending) return 'sending';
  if (status.pending === 0 && status.others.length === 0 && status.lastSyncAt) return 'allSent';
  return 'online';
}

const CONNECTION_COLOR: Record<Connection, string> = {
  offline: 'red.9',
  unreachable: 'orange.9',
  sending: 'blue.9',
  allSent: 'teal.9',
  online: 'teal.9',
};

/**
 * Other people's writes queued on this device: whose they are and how they will be sent. The
 * queue belongs to the device, not to whoever is signed in now.
 */
function OthersWritesNotice({ others }: { others: OthersWrites[] }) {
  const { t } = useTranslation('floor');
  if (!others.length) return null;
  return (
    <Alert color="blue" title={t('status.othersTitle')} role="status">
      <Stack gap={4}>
        {others.map((other) => {
          const name = other.name ?? t('status.someoneElse', { id: other.user });
          return (
            <Text size="sm" key={other.user}>
              {t(other.route === 'credential' ? 'status.othersCredential' : 'status.othersSignIn', {
                count: other.count,
                name,
              })}
            </Text>
          );
        })}
      </Stack>
    </Alert>
  );
}

/**
 * What floor staff need to trust the screen: connection, queued writes, last sync, storage.
 * Colours are the darker shades so that the small badge text keeps a 4.5:1 contrast (WCAG AA).
 * The pending count shows only once the outbox has been read (never a "0" while writes wait).
 */
export function StatusBar({ status, timeZone }: { status: FloorStatus; timeZone?: string }) {
  const { t, i18n } = useTranslation('floor');
  const { pending } = status;
  const connection = connectionOf(status);
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
      <OthersWritesNotice others={status.others} />
      <Group gap="xs" role="status" aria-label={t('status.label')}>
        <Chip color={CONNECTION_COLOR[connection]} variant="filled">
          {connection === 'allSent'
            ? t('status.allSent', { time: formatClock(status.lastSyncAt!, i18n.language, timeZone) })
            : t(`status.${connection}`)}
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
