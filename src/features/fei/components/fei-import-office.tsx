import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCloudDownload, IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompetitionImport, FeiPreview } from '@shared/schemas/fei';
import type { JobRun } from '@shared/schemas/jobs';
import { showError } from '@/lib/api-error';
import { ScrollTable } from '@/lib/components/scroll-table';
import { SectionCard } from '@/lib/components/section-card';
import { uploadDialog } from '@/lib/dialogs';
import { formatDateTime, formatMoney } from '@/lib/format';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCommitFeiImport } from '../api/commit-fei-import';
import { useFetchFromFei } from '../api/fetch-from-fei';
import { getFeiImport } from '../api/get-fei-import';
import { useImportCompetitions } from '../api/import-competitions';
import { useImportParticipations } from '../api/import-participations';
import { useUploadFeiFile, type FeiFileKind } from '../api/upload-fei-file';
import { feiKeys } from '../keys';
import { FeiPreviewView } from './fei-preview-view';

/** The refusal of a file or a call, as one sentence per error. */
function refusalOf(error: unknown): string[] {
  const mapped = submitErrors(error, {});
  return [...Object.values(mapped.fields), ...mapped.form];
}

/**
 * Admin views/venue-import: FEI entry files (participations or the masterlist) and
 * the FEI web service (a show by id, the venue's participations and competitions) → a preview →
 * Commit → the run's progress until it is done.
 */
export function FeiImportOffice({ venueId }: { venueId: number }) {
  const { t } = useTranslation('fei');
  const client = useQueryClient();
  const upload = useUploadFeiFile();
  const commit = useCommitFeiImport();
  const fetchShow = useFetchFromFei();
  const participations = useImportParticipations();
  const competitions = useImportCompetitions();
  const [preview, setPreview] = useState<FeiPreview | null>(null);
  const [run, setRun] = useState<JobRun | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [feiId, setFeiId] = useState('');
  const [schedule, setSchedule] = useState<CompetitionImport | null>(null);

  const previewed = (next: FeiPreview) => {
    setPreview(next);
    setRun(next.run);
    setErrors([]);
  };
  const refused = (error: unknown) => {
    setErrors(refusalOf(error));
  };

  async function send(kind: FeiFileKind) {
    const file = await uploadDialog({ title: t(`upload.${kind}`), filter: '*.xml' });
    if (!file) return;
    setPreview(null);
    setRun(null);
    upload.mutate({ venue: venueId, kind, file }, { onSuccess: previewed, onError: refused });
  }

  function startCommit() {
    if (!preview) return;
    commit.mutate({ venue: venueId, id: preview.id }, { onSuccess: setRun, onError: showError });
  }

  async function finished(ended: JobRun) {
    if (!preview) return;
    if (ended.status === 'done') notify.success(t('commit.done'));
    else notify.error(t('commit.failed'));
    setPreview(await getFeiImport(venueId, preview.id));
    void client.invalidateQueries({ queryKey: feiKeys.all });
  }

  return (
    <Stack>
      <SectionCard title={t('upload.title')}>
        <Text size="sm" c="dimmed">
          {t('upload.hint')}
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconFileUpload size={16} aria-hidden />}
            loading={upload.isPending && upload.variables?.kind === 'participations'}
            onClick={() => void send('participations')}
          >
            {t('upload.participations')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            loading={upload.isPending && upload.variables?.kind === 'masterlist'}
            onClick={() => void send('masterlist')}
          >
            {t('upload.masterlist')}
          </Button>
        </Group>
      </SectionCard>

      <SectionCard title={t('web.title')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('web.feiId')}
            placeholder="2026_CI_0139"
            value={feiId}
            onChange={(e) => setFeiId(e.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button
            leftSection={<IconCloudDownload size={16} aria-hidden />}
            disabled={!feiId.trim()}
            loading={fetchShow.isPending}
            onClick={() =>
              fetchShow.mutate({ venue: venueId, feiId: feiId.trim() }, { onSuccess: previewed, onError: refused })
            }
          >
            {t('web.fetch')}
          </Button>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            loading={participations.isPending}
            onClick={() =>
              participations.mutate({ venue: venueId, commit: false }, { onSuccess: previewed, onError: refused })
            }
          >
            {t('web.participations')}
          </Button>
          <Button
            variant="light"
            loading={competitions.isPending && competitions.variables?.commit === false}
            onClick={() =>
              competitions.mutate(
                { venue: venueId, commit: false },
                { onSuccess: (s) => (setSchedule(s), setErrors([])), onError: refused },
              )
            }
          >
            {t('web.competitions')}
          </Button>
        </Group>
      </SectionCard>

      {errors.length > 0 && (
        <Alert color="red" role="alert" title={t('refused')}>
          {errors.join(' ')}
        </Alert>
      )}

      {schedule && (
        <CompetitionSchedule
          schedule={schedule}
          creating={competitions.isPending && competitions.variables?.commit === true}
          onCreate={() =>
            competitions.mutate(
              { venue: venueId, commit: true },
              {
                onSuccess: (s) => {
                  setSchedule(s);
                  notify.success(t('competitions.created', { count: s.counts.create + s.counts.update }));
                },
                onError: refused,
              },
            )
          }
        />
      )}

      {preview && (
        <FeiPreviewView
          preview={preview}
          run={run}
          committing={commit.isPending}
          onCommit={startCommit}
          onFinished={(ended) => void finished(ended)}
        />
      )}
    </Stack>
  );
}

function CompetitionSchedule({
  schedule,
  creating,
  onCreate,
}: {
  schedule: CompetitionImport;
  creating: boolean;
  onCreate(): void;
}) {
  const { t } = useTranslation('fei');
  const titleId = useId();
  const c = schedule.counts;
  return (
    <SectionCard title={t('competitions.title', { show: schedule.show })} titleId={titleId}>
      <Text size="sm">{t('competitions.counts', c)}</Text>
      <ScrollTable minWidth={560} labelledBy={titleId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.number')}</Table.Th>
            <Table.Th>{t('column.name')}</Table.Th>
            <Table.Th>{t('column.startsAt')}</Table.Th>
            <Table.Th>{t('column.prize')}</Table.Th>
            <Table.Th>{t('column.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.competitions.map((x) => (
            <Table.Tr key={x.fei_id}>
              <Table.Td>{x.number}</Table.Td>
              <Table.Td>{x.name}</Table.Td>
              <Table.Td>{x.starts_at ? formatDateTime(x.starts_at) : ''}</Table.Td>
              <Table.Td>{formatMoney(x.prize_money, schedule.currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`competitions.action.${x.action}`)}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      {!schedule.committed && c.create + c.update > 0 && (
        <Group justify="flex-end">
          <Button onClick={onCreate} loading={creating}>
            {t('competitions.create')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
