import { Anchor, Button, Group, Pagination, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { SyncConflict } from '@shared/schemas/sync';
import { showError } from '@/lib/api-error';
import { QueryView } from '@/lib/components/query-view';
import { ScrollTable } from '@/lib/components/scroll-table';
import { SectionCard } from '@/lib/components/section-card';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';
import { href } from '@/lib/paths';
import { useSyncConflicts } from '../api/list-sync-conflicts';
import { useResolveSyncConflict } from '../api/resolve-sync-conflict';

/** Where the admin opens a conflict's local record (clubs have no page). */
function recordLink(conflict: SyncConflict): string | null {
  if (conflict.local_id === null) return null;
  if (conflict.entity === 'rider') return href('adminRiderProfile', { riderId: conflict.local_id });
  if (conflict.entity === 'official') return href('adminOfficialProfile', { officialId: conflict.local_id });
  if (conflict.entity === 'horse') return href('duplicateHorseEdit', { id: conflict.local_id });
  return null;
}

/** The open conflicts of the syncs, each kept local or taken from the registry after a confirm. */
export function SyncConflicts() {
  const { t } = useTranslation('sync');
  const [page, setPage] = useState(1);
  const query = useSyncConflicts(page);
  const resolve = useResolveSyncConflict();
  const title = useId();

  async function decide(conflict: SyncConflict, resolution: 'kept_local' | 'took_registry') {
    const confirmed = await confirmDialog({
      message: t(resolution === 'kept_local' ? 'conflicts.confirmKeep' : 'conflicts.confirmTake'),
    });
    if (!confirmed) return;
    resolve.mutate(
      { id: conflict.id, resolution },
      { onSuccess: () => notify.success(t('conflicts.resolved')), onError: showError },
    );
  }

  return (
    <SectionCard title={t('conflicts.title') + (query.data ? ` (${query.data.count})` : '')} titleId={title} gap="xs">
      <QueryView query={query}>
        {(data) =>
          data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('conflicts.empty')}
            </Text>
          ) : (
            <>
              <ScrollTable labelledBy={title} minWidth={760}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('conflicts.record')}</Table.Th>
                    <Table.Th>{t('conflicts.field')}</Table.Th>
                    <Table.Th>{t('conflicts.local')}</Table.Th>
                    <Table.Th>{t('conflicts.registry')}</Table.Th>
                    <Table.Th>{t('conflicts.reason')}</Table.Th>
                    <Table.Th>{t('conflicts.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.results.map((c) => {
                    const link = recordLink(c);
                    const name = `${t(`entity.${c.entity}`)}: ${c.local_name ?? c.registry_id}`;
                    return (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          {link ? (
                            <Anchor component={Link} to={link}>
                              {name}
                            </Anchor>
                          ) : (
                            name
                          )}
                        </Table.Td>
                        <Table.Td>{c.field ? t(`field.${c.field}`) : t('conflicts.match')}</Table.Td>
                        <Table.Td>{c.local_value ?? '—'}</Table.Td>
                        <Table.Td>{c.registry_value ?? '—'}</Table.Td>
                        <Table.Td>{t(`reason.${c.reason}`)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Button size="compact-sm" variant="light" onClick={() => void decide(c, 'kept_local')}>
                              {t('conflicts.keep')}
                            </Button>
                            {c.field !== null && (
                              <Button size="compact-sm" onClick={() => void decide(c, 'took_registry')}>
                                {t('conflicts.take')}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </ScrollTable>
              {data.count > DEFAULT_PAGE_SIZE && (
                <Pagination total={Math.ceil(data.count / DEFAULT_PAGE_SIZE)} value={page} onChange={setPage} />
              )}
            </>
          )
        }
      </QueryView>
    </SectionCard>
  );
}
