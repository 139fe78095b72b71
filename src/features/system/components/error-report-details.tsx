import { Button, Code, Group, Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorReport } from '@shared/schemas/error-report';
import { formatDateTime } from '@/lib/format';
import { DetailList } from './detail-list';
import { UserRef } from './user-ref';

interface ErrorReportDetailsProps {
  report: ErrorReport;
  onClose(): void;
}

/** Everything one report says, with its stack trace. */
export function ErrorReportDetails({ report, onClose }: ErrorReportDetailsProps) {
  const { t } = useTranslation('system');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('errorReports.detailsTitle', { id: report.id })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        <DetailList
          items={[
            [t('errorReports.time'), <span title={report.created_at}>{formatDateTime(report.created_at)}</span>],
            [t('errorReports.kind'), t(`kind.${report.kind}`)],
            [t('errorReports.status'), report.status],
            [t('errorReports.method'), report.method],
            [t('errorReports.url'), report.url],
            [t('errorReports.page'), report.page],
            [
              t('errorReports.user'),
              <UserRef id={report.user_id} username={report.username} fallback={t('errorReports.anonymous')} />,
            ],
            [t('errorReports.version'), report.version],
            [t('errorReports.userAgent'), report.user_agent],
          ]}
        />
        <Title order={3} size="h5">
          {t('errorReports.message')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.message}</Text>
        <Title order={3} size="h5">
          {t('errorReports.stack')}
        </Title>
        {report.stack ? (
          <ScrollArea.Autosize mah={320}>
            <Code block>{report.stack}</Code>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed">{t('errorReports.noStack')}</Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('table.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
