import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { RecordTable } from '@/lib/components/record-table';
import { downloadReport, useReports } from '../api/money';
import type { OwnerRef } from '../api/owner-path';

/** The statements that exist to download: one per venue, as CSV and PDF. */
export function ReportList({ owner }: { owner: OwnerRef }) {
  const { t } = useTranslation('owner');
  const reports = useReports(owner);
  return (
    <RecordTable
      title={t('report.title')}
      query={reports}
      columns={[
        { label: t('money.venue'), render: (row) => row.venue_name },
        { label: t('report.entries'), render: (row) => row.count },
        {
          label: t('report.download'),
          render: (row) => (
            <Group gap="xs" wrap="nowrap">
              {row.formats.map((format) => (
                <Button
                  key={format}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={t('report.downloadNamed', { format: format.toUpperCase(), venue: row.venue_name })}
                  onClick={() => downloadReport(owner, row.venue, format).catch(showError)}
                >
                  {format.toUpperCase()}
                </Button>
              ))}
            </Group>
          ),
        },
      ]}
      rowKey={(row) => row.venue}
      rowName={(row) => row.venue_name}
      empty={t('report.empty')}
    />
  );
}
