import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorReport, ErrorReportKind } from '@shared/schemas/error-report';
import { formatDateTime } from '@/lib/format';
import {
  NO_ERROR_REPORT_FILTERS,
  useErrorReportList,
  type ErrorReportFilters as Filters,
} from '../api/list-error-reports';
import { useListFilters } from '@/lib/use-list-filters';
import { ErrorReportDetails } from './error-report-details';
import { ErrorReportFilters } from './error-report-filters';
import { PagedLog } from './paged-log';
import { UserRef } from './user-ref';

const KIND_COLORS: Record<ErrorReportKind, string> = { http: 'red', network: 'orange', client: 'grape' };

/** The failures browsers reported (spec §8), newest first, for admins. */
export function ErrorReportTable() {
  const { t } = useTranslation('system');
  const { page, setPage, filters, filter } = useListFilters<Filters>(NO_ERROR_REPORT_FILTERS);
  const [selected, setSelected] = useState<ErrorReport | null>(null);
  const reports = useErrorReportList(page, filters);

  return (
    <>
      <PagedLog
        label={t('errorReports.label')}
        query={reports}
        filters={<ErrorReportFilters value={filters} onChange={filter} />}
        filtered={filters.kind !== null || filters.status !== null}
        empty={t('errorReports.empty')}
        emptyFiltered={t('errorReports.emptyFiltered')}
        page={page}
        onPage={setPage}
      >
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('errorReports.time')}</Table.Th>
                <Table.Th>{t('errorReports.kind')}</Table.Th>
                <Table.Th>{t('errorReports.status')}</Table.Th>
                <Table.Th>{t('errorReports.request')}</Table.Th>
                <Table.Th>{t('errorReports.message')}</Table.Th>
                <Table.Th>{t('errorReports.user')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('table.details')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data?.results.map((report) => (
                <Table.Tr key={report.id} onClick={() => setSelected(report)} style={{ cursor: 'pointer' }}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(report.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={KIND_COLORS[report.kind]}>
                      {t(`kind.${report.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{report.status ?? ''}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {[report.method, report.url].filter(Boolean).join(' ')}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {report.message}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <UserRef id={report.user_id} username={report.username} fallback={t('errorReports.anonymous')} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-label={t('errorReports.openDetails', { id: report.id })}
                      onClick={() => setSelected(report)}
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
      {selected && <ErrorReportDetails report={selected} onClose={() => setSelected(null)} />}
    </>
  );
}
