import '@mantine/dropzone/styles.css';
import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STATEMENT_BYTES, type StatementImport } from '@shared/schemas/payouts';
import { formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { useUploadStatement } from '../api/upload-statement';

/** XML by type or by name (some systems send a bank's .xml as octet-stream). */
const XML_FILES = { 'application/xml': ['.xml'], 'text/xml': ['.xml'], 'application/octet-stream': ['.xml'] };

/** Drop (or pick) a camt.053 file: it is matched at once; the counts say what happened. */
export function StatementUpload({ venueId }: { venueId: number }) {
  const { t } = useTranslation('payouts');
  const titleId = useId();
  const upload = useUploadStatement();
  const [result, setResult] = useState<StatementImport | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  function send(file: File) {
    setResult(null);
    setErrors([]);
    upload.mutate(
      { venue: venueId, file },
      {
        onSuccess: setResult,
        onError: (error) => {
          const mapped = submitErrors(error, {});
          setErrors([...Object.values(mapped.fields), ...mapped.form]);
        },
      },
    );
  }

  const counts = result?.counts;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Title order={2} size="h4" id={titleId}>
          {t('upload.title')}
        </Title>
        <Dropzone
          onDrop={(files) => files[0] && send(files[0])}
          onReject={() => setErrors([t('upload.rejected')])}
          accept={XML_FILES}
          maxSize={MAX_STATEMENT_BYTES}
          maxFiles={1}
          multiple={false}
          loading={upload.isPending}
          aria-label={t('upload.dropzone')}
        >
          <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <IconFileUpload size={40} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={2}>
              <Text fw={600}>{t('upload.drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('upload.hint')}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        {errors.length > 0 && (
          <Alert color="red" role="alert" title={t('upload.refused')}>
            {errors.join(' ')}
          </Alert>
        )}
        {result && counts && (
          <Alert
            color={result.already_imported ? 'yellow' : counts.unmatched ? 'blue' : 'green'}
            role="status"
            title={
              result.already_imported
                ? t('upload.alreadyImported', { id: result.statement.statement_id })
                : t('upload.imported', { id: result.statement.statement_id })
            }
          >
            {result.already_imported ? (
              <Text size="sm">{t('upload.nothingPosted')}</Text>
            ) : (
              <List size="sm" spacing={2}>
                <List.Item>{t('upload.credits', { count: counts.credits })}</List.Item>
                <List.Item>
                  {t('upload.matched', { count: counts.matched })}
                  {counts.matched > 0 &&
                    ` (${[
                      counts.exact && t('upload.exact', { count: counts.exact }),
                      counts.partial && t('upload.partial', { count: counts.partial }),
                      counts.over && t('upload.over', { count: counts.over }),
                      counts.party && t('upload.party', { count: counts.party }),
                    ]
                      .filter(Boolean)
                      .join(', ')})`}
                </List.Item>
                <List.Item>{t('upload.unmatched', { count: counts.unmatched })}</List.Item>
                {counts.duplicates > 0 && <List.Item>{t('upload.duplicates', { count: counts.duplicates })}</List.Item>}
                {counts.ignored > 0 && <List.Item>{t('upload.ignored', { count: counts.ignored })}</List.Item>}
                <List.Item>
                  {t('upload.posted', { total: formatMoney(result.posted_total, result.statement.currency) })}
                </List.Item>
              </List>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
