import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload, IconList, IconRefresh } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REGISTRY_FILE_FILTER, SYNC_ENTITY_KINDS, type SyncState } from '@shared/schemas/sync';
import { errorText } from '@/lib/api-error';
import { ScrollTable } from '@/lib/components/scroll-table';
import { SectionCard } from '@/lib/components/section-card';
import { uploadDialog } from '@/lib/dialogs';
import { formatDateTime } from '@/lib/format';
import { useSyncRun } from '../use-sync-run';
import { SyncConflicts } from './sync-conflicts';

const STATE_COLORS: Record<SyncState, string> = { idle: 'gray', in_progress: 'blue', done: 'green', error: 'red' };
const COUNTS = ['created', 'updated', 'unchanged', 'conflicts'] as const;

/**
 * Admin `/sync` (spec §4 "Sync"): start a sync from the federation's registry or an
 * uploaded export file, follow its progress in the log dialog, the last sync and its numbers,
 * and the conflicts it left for the admin.
 */
export function SyncOffice() {
  const { t } = useTranslation('sync');
  const sync = useSyncRun();
  const countsTitle = useId();
  const running = sync.state === 'in_progress';
  const status = sync.status;

  async function upload() {
    const file = await uploadDialog({ title: t('uploadTitle'), filter: REGISTRY_FILE_FILTER });
    if (file) sync.run(file);
  }

  return (
    <Stack>
      <Text c="dimmed">{t('intro')}</Text>
      <Group gap="sm">
        <Button
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={running}
          disabled={sync.loading || (status !== null && !status.registry_configured)}
          onClick={() => sync.run()}
        >
          {t('start')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileUpload size={16} aria-hidden />}
          disabled={sync.loading || running}
          onClick={() => void upload()}
        >
          {t('upload')}
        </Button>
        <Button variant="subtle" leftSection={<IconList size={16} aria-hidden />} onClick={sync.showLog}>
          {t('showLog')}
        </Button>
      </Group>
      {status !== null && !status.registry_configured && (
        <Text size="sm" c="dimmed">
          {t('notConfigured')}
        </Text>
      )}
      {sync.refusal.length > 0 && (
        <Alert color="red" title={t('toast.startFailed')}>
          {sync.refusal.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}

      <SectionCard title={t('status.title')} gap="xs">
        {sync.loading ? (
          <Skeleton height={60} />
        ) : sync.loadError ? (
          <Alert color="red">{errorText(sync.loadError)}</Alert>
        ) : (
          <>
            <Group gap="xs">
              <Text size="sm">{t('status.state')}:</Text>
              <Badge color={STATE_COLORS[sync.state ?? 'idle']} aria-live="polite">
                {t(`state.${sync.state ?? 'idle'}`)}
              </Badge>
              {running && status && status.total > 0 && (
                <Text size="sm">{t('status.progress', { done: status.done, total: status.total })}</Text>
              )}
            </Group>
            {!running && <Text size="sm">{t('toast.none')}</Text>}
            {sync.reloading && (
              <Text size="sm" c="dimmed">
                {t('status.reloading')}
              </Text>
            )}
            <Text size="sm">
              {t('status.lastSync')}:{' '}
              <strong data-testid="last-sync">
                {status?.last_sync ? formatDateTime(status.last_sync.sync_date) : t('status.never')}
              </strong>
            </Text>
            {status?.source && (
              <Text size="sm">
                {t('status.source')}: {t(status.source === 'file' ? 'status.sourceFile' : 'status.sourceRegistry')}
              </Text>
            )}
          </>
        )}
      </SectionCard>

      <SectionCard title={t('counts.title')} titleId={countsTitle} gap="xs">
        {status?.counts ? (
          <ScrollTable labelledBy={countsTitle} minWidth={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('counts.entity')}</Table.Th>
                {COUNTS.map((k) => (
                  <Table.Th key={k} ta="right">
                    {t(`counts.${k}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SYNC_ENTITY_KINDS.map((entity) => (
                <Table.Tr key={entity}>
                  <Table.Th scope="row">{t(`entity.${entity}`)}</Table.Th>
                  {COUNTS.map((k) => (
                    <Table.Td key={k} ta="right">
                      {status.counts![entity][k]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        ) : (
          <Text size="sm" c="dimmed">
            {t('counts.empty')}
          </Text>
        )}
      </SectionCard>

      <SyncConflicts />
    </Stack>
  );
}
