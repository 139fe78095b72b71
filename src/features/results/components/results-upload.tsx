import { Alert, Badge, Button, Card, FileInput, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_COLUMNS, type ResultsUpload as Upload } from '@shared/schemas/results';
import { ScrollTable } from '@/lib/components/scroll-table';
import { submitErrors, translateFieldError } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useRankings } from '../api/list-rankings';
import { useUploadResults } from '../api/upload-results';
import { roundText, scoreText } from './result-text';

/** "time: Too big. · head_number: Not on the start list." */
const rowErrorText = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([column, codes]) => `${column}: ${codes.map(translateFieldError).join(' ')}`)
    .join(' · ');

/**
 * Upload a results file from the scoring software: choose the competition and the file, see every
 * row with its errors (nothing saved yet), then save them all at once.
 */
export function ResultsUpload({ venueId }: { venueId: number }) {
  const { t } = useTranslation('results');
  const titleId = useId();
  const rankings = useRankings(venueId);
  const upload = useUploadResults();
  const [competition, setCompetition] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Upload | null>(null);
  const [errors, setErrors] = useState<{ competition?: string; file?: string; form: string[] }>({ form: [] });

  async function send(commit: boolean) {
    const missing = {
      competition: competition ? undefined : translateFieldError('required'),
      file: file ? undefined : translateFieldError('required'),
      form: [],
    };
    setErrors(missing);
    if (!competition || !file) return;
    try {
      const result = await upload.mutateAsync({ venue: venueId, competition: Number(competition), file, commit });
      setPreview(result);
      if (result.committed) {
        notify.success(t('upload.saved', { count: result.saved }));
        setFile(null);
      }
    } catch (error) {
      setPreview(null);
      const mapped = submitErrors(error, { competition: '', file: '' });
      setErrors({ competition: mapped.fields.competition, file: mapped.fields.file, form: mapped.form });
    }
  }

  return (
    <Stack>
      <Card withBorder component="section" aria-labelledby={titleId}>
        <Stack>
          <Title order={2} size="h4" id={titleId}>
            {t('upload.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('upload.hint')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('upload.columns', { columns: RESULT_COLUMNS.join(', ') })}
          </Text>
          <Select
            label={t('upload.competition')}
            data={(rankings.data?.results ?? []).map((c) => ({ value: String(c.id), label: `${c.number} ${c.name}` }))}
            value={competition}
            onChange={(value) => {
              setCompetition(value);
              setPreview(null);
            }}
            error={errors.competition}
            searchable
            required
          />
          <FileInput
            label={t('upload.file')}
            placeholder={t('upload.choose')}
            accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(next) => {
              setFile(next);
              setPreview(null);
            }}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            error={errors.file}
            clearable
            required
          />
          {errors.form.length > 0 && (
            <Alert color="red" role="alert">
              {errors.form.join(' ')}
            </Alert>
          )}
          <Group>
            <Button variant="default" onClick={() => void send(false)} loading={upload.isPending && !preview}>
              {t('upload.preview')}
            </Button>
            <Button
              onClick={() => void send(true)}
              disabled={!preview || preview.committed || preview.errors > 0}
              loading={upload.isPending && !!preview}
            >
              {t('upload.commit')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {preview && (
        <Card withBorder component="section" aria-label={t('upload.previewTitle')}>
          <Stack>
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('upload.previewTitle')}
              </Title>
              {preview.committed ? (
                <Badge color="green">{t('upload.savedBadge', { count: preview.saved })}</Badge>
              ) : preview.errors > 0 ? (
                <Badge color="red">{t('upload.rowErrors', { count: preview.errors })}</Badge>
              ) : (
                <Badge color="blue">{t('upload.ready', { count: preview.rows.length })}</Badge>
              )}
            </Group>
            {preview.errors > 0 && (
              <Alert color="red" role="alert">
                {t('upload.fixRows')}
              </Alert>
            )}
            <ScrollTable minWidth={720} label={t('upload.previewTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('upload.row')}</Table.Th>
                  <Table.Th>{t('table.head')}</Table.Th>
                  <Table.Th>{t('table.rider')}</Table.Th>
                  <Table.Th>{t('table.horse')}</Table.Th>
                  <Table.Th>{t('table.status')}</Table.Th>
                  <Table.Th>{t('table.round')}</Table.Th>
                  <Table.Th>{t('table.jumpOff')}</Table.Th>
                  <Table.Th>{t('table.score')}</Table.Th>
                  <Table.Th>{t('upload.errors')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((row) => (
                  <Table.Tr key={row.row} bg={row.errors ? 'var(--mantine-color-red-light)' : undefined}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.head_number ?? row.horse_fei_id ?? ''}</Table.Td>
                    <Table.Td>{row.rider ?? ''}</Table.Td>
                    <Table.Td>{row.horse ?? ''}</Table.Td>
                    <Table.Td>{row.status ?? ''}</Table.Td>
                    <Table.Td>{roundText(row.round)}</Table.Td>
                    <Table.Td>
                      {[roundText(row.jump_off), row.jump_off_status ? t(`status.${row.jump_off_status}`) : '']
                        .filter(Boolean)
                        .join(' · ')}
                    </Table.Td>
                    <Table.Td>{scoreText(row.score_thousandths)}</Table.Td>
                    <Table.Td>{row.errors ? rowErrorText(row.errors) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
