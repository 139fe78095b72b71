import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/lib/components/record-table';
import { formatDateTime } from '@/lib/format';
import { useStatements } from '../api/list-statements';
import { StatementLines } from './statement-lines';
import { StatementUpload } from './statement-upload';

/**
 * The show office's bank statements (organizer and admin): upload a camt.053 (matched at once),
 * the credits waiting for review, and the statements uploaded so far.
 */
export function BankStatementsOffice({ venueId }: { venueId: number }) {
  const { t } = useTranslation('payouts');
  const statements = useStatements(venueId);
  return (
    <Stack>
      <Text c="dimmed">{t('statements.intro')}</Text>
      <StatementUpload venueId={venueId} />
      <StatementLines venueId={venueId} />
      <RecordTable
        title={t('statements.title')}
        query={statements}
        columns={[
          { label: t('statements.id'), render: (row) => row.statement_id },
          { label: t('statements.uploaded'), render: (row) => formatDateTime(row.created_at) },
          { label: t('statements.by'), render: (row) => row.uploaded_by ?? '—' },
          { label: t('statements.credits'), render: (row) => row.credit_count },
          { label: t('statements.matched'), render: (row) => row.matched_count },
        ]}
        rowKey={(row) => row.id}
        rowName={(row) => row.statement_id}
        empty={t('statements.empty')}
      />
    </Stack>
  );
}
