import { Button, Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '@shared/schemas/audit-log';
import { formatDateTime } from '@/lib/format';
import { NO_AUDIT_LOG_FILTERS, useAuditLog, type AuditLogFilters as Filters } from '../api/list-audit-log';
import { useListFilters } from '@/lib/use-list-filters';
import { AuditLogDetails } from './audit-log-details';
import { AuditLogFilters } from './audit-log-filters';
import { PagedLog } from './paged-log';
import { UserRef } from './user-ref';

/** Sign-ins, impersonations and other security events, newest first, for admins. */
export function AuditLogTable() {
  const { t } = useTranslation('system');
  const { page, setPage, filters, filter } = useListFilters<Filters>(NO_AUDIT_LOG_FILTERS);
  const [selected, setSelected] = useState<AuditLogEntry | null>(null);
  const log = useAuditLog(page, filters);

  return (
    <>
      <PagedLog
        label={t('auditLog.label')}
        query={log}
        filters={<AuditLogFilters value={filters} onChange={filter} />}
        filtered={filters.action !== null || filters.user !== null}
        empty={t('auditLog.empty')}
        emptyFiltered={t('auditLog.emptyFiltered')}
        page={page}
        onPage={setPage}
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auditLog.time')}</Table.Th>
                <Table.Th>{t('auditLog.action')}</Table.Th>
                <Table.Th>{t('auditLog.actor')}</Table.Th>
                <Table.Th>{t('auditLog.target')}</Table.Th>
                <Table.Th>{t('auditLog.ip')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('table.details')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data?.results.map((entry) => (
                <Table.Tr key={entry.id} onClick={() => setSelected(entry)} style={{ cursor: 'pointer' }}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>
                    <Code>{entry.action}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <UserRef id={entry.actor_user_id} username={entry.actor_username} />
                      {entry.impersonator_id !== null && (
                        <Text size="xs" c="dimmed">
                          {t('auditLog.impersonatedBy', { name: entry.impersonator_username ?? entry.impersonator_id })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <UserRef id={entry.target_user_id} username={entry.target_username} />
                  </Table.Td>
                  <Table.Td>{entry.ip ?? ''}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t('auditLog.openDetails', { id: entry.id })}
                      onClick={() => setSelected(entry)}
                    >
                      {t('table.details')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedLog>
      {selected && <AuditLogDetails entry={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
