import { Alert, Badge, Button, Card, Group, List, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FEI_PREVIEW_ROWS, type FeiPreview, type FeiWarning } from '@shared/schemas/fei';
import type { JobRun } from '@shared/schemas/jobs';
import { JobProgress } from '@/features/jobs/components/job-progress';
import { ScrollTable } from '@/lib/components/scroll-table';
import { formatDate } from '@/lib/format';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  link: 'teal',
  match: 'gray',
  withdraw: 'orange',
  withdraw_blocked: 'red',
  skip: 'yellow',
};

function ActionBadge({ action }: { action: string }) {
  const { t } = useTranslation('fei');
  return (
    <Badge color={ACTION_COLORS[action] ?? 'gray'} variant="light">
      {t(`action.${action}`)}
    </Badge>
  );
}

function Warning({ warning }: { warning: FeiWarning }) {
  const { t } = useTranslation('fei');
  return (
    <List.Item style={{ overflowWrap: 'anywhere' }}>
      {t(`warning.${warning.code}`, {
        record: warning.record,
        field: warning.field ?? '',
        value: warning.value ?? '',
        count: warning.count,
      })}
    </List.Item>
  );
}

interface FeiPreviewViewProps {
  preview: FeiPreview;
  run: JobRun | null;
  committing: boolean;
  onCommit(): void;
  onFinished(run: JobRun): void;
}

/** What an FEI file would do (counts, tables, warnings), the Commit button, then the run's progress. */
export function FeiPreviewView({ preview, run, committing, onCommit, onFinished }: FeiPreviewViewProps) {
  const { t } = useTranslation('fei');
  const titleId = useId();
  const c = preview.counts;
  const shown = run ?? preview.run;
  const canCommit = (preview.status === 'previewed' || preview.status === 'failed') && !run;
  const show = preview.show;
  const lists = [
    ['riders', c.riders.create + c.riders.update + c.riders.match],
    ['horses', c.horses.create + c.horses.update + c.horses.match],
    ['events', preview.events.length],
    ['entries', Object.values(c.entries).reduce((a, b) => a + b, 0)],
  ] as const;

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack>
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t('preview.title', { file: preview.file_name })}
          </Title>
          <Badge variant="light" color={preview.status === 'committed' ? 'green' : 'blue'}>
            {t(`status.${preview.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('preview.show', {
            id: show.fei_id,
            name: show.name ?? '',
            venue: [show.venue_name, show.country].filter(Boolean).join(', '),
            dates: [show.start_date, show.end_date].map((d) => (d ? formatDate(d) : '…')).join(' – '),
          })}
        </Text>
        {preview.sets_venue_fei_id && (
          <Alert color="blue" variant="light">
            {t('preview.setsVenueFeiId', { id: show.fei_id })}
          </Alert>
        )}
        <List size="sm" spacing={2} aria-label={t('preview.counts')}>
          <List.Item>{t('count.riders', c.riders)}</List.Item>
          <List.Item>{t('count.horses', c.horses)}</List.Item>
          <List.Item>{t('count.events', { ...c.events, categories: c.event_categories.create })}</List.Item>
          <List.Item>{t('count.participations', c.venue_participations)}</List.Item>
          <List.Item>{t('count.participationHorses', c.participation_horses)}</List.Item>
          <List.Item>{t('count.entries', c.entries)}</List.Item>
        </List>
        {preview.warnings.length > 0 && (
          <Alert color="yellow" variant="light" title={t('preview.warnings', { count: preview.warnings.length })}>
            <List size="sm" spacing={2}>
              {preview.warnings.slice(0, 50).map((w, i) => (
                <Warning key={`${w.code}-${w.record}-${w.field}-${i}`} warning={w} />
              ))}
            </List>
          </Alert>
        )}
        <Tabs defaultValue="entries" keepMounted={false}>
          <Tabs.List>
            {lists.map(([key, total]) => (
              <Tabs.Tab key={key} value={key}>
                {t(`tab.${key}`, { count: total })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="riders" pt="xs">
            <ScrollTable minWidth={420} label={t('tab.riders', { count: preview.riders.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('column.feiId')}</Table.Th>
                  <Table.Th>{t('column.name')}</Table.Th>
                  <Table.Th>{t('column.nation')}</Table.Th>
                  <Table.Th>{t('column.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.riders.map((r) => (
                  <Table.Tr key={r.fei_id}>
                    <Table.Td>{r.fei_id}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.nation}</Table.Td>
                    <Table.Td>
                      <ActionBadge action={r.action} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          </Tabs.Panel>
          <Tabs.Panel value="horses" pt="xs">
            <ScrollTable minWidth={360} label={t('tab.horses', { count: preview.horses.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('column.feiId')}</Table.Th>
                  <Table.Th>{t('column.name')}</Table.Th>
                  <Table.Th>{t('column.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.horses.map((h) => (
                  <Table.Tr key={h.fei_id}>
                    <Table.Td>{h.fei_id}</Table.Td>
                    <Table.Td>{h.name}</Table.Td>
                    <Table.Td>
                      <ActionBadge action={h.action} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          </Tabs.Panel>
          <Tabs.Panel value="events" pt="xs">
            <ScrollTable minWidth={420} label={t('tab.events', { count: preview.events.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('column.feiId')}</Table.Th>
                  <Table.Th>{t('column.event')}</Table.Th>
                  <Table.Th>{t('column.entries')}</Table.Th>
                  <Table.Th>{t('column.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.events.map((e) => (
                  <Table.Tr key={e.fei_id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.fei_id}</Table.Td>
                    <Table.Td>{e.name}</Table.Td>
                    <Table.Td>{e.entries}</Table.Td>
                    <Table.Td>
                      <ActionBadge action={e.action} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          </Tabs.Panel>
          <Tabs.Panel value="entries" pt="xs">
            <ScrollTable minWidth={520} label={t('tab.entries', { count: preview.entries.length })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('column.rider')}</Table.Th>
                  <Table.Th>{t('column.horse')}</Table.Th>
                  <Table.Th>{t('column.event')}</Table.Th>
                  <Table.Th>{t('column.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.entries.map((e) => (
                  <Table.Tr key={`${e.event}-${e.rider_fei_id}-${e.horse_fei_id}`}>
                    <Table.Td>{e.rider}</Table.Td>
                    <Table.Td>{e.horse}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.event}</Table.Td>
                    <Table.Td>
                      <ActionBadge action={e.action} />
                      {e.reason && (
                        <Text span size="xs" c="dimmed" ml={4}>
                          {t(`reason.${e.reason}`)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
          </Tabs.Panel>
        </Tabs>
        <Text size="xs" c="dimmed">
          {t('preview.rows', { count: FEI_PREVIEW_ROWS })}
        </Text>
        {canCommit && (
          <Group justify="flex-end">
            <Button onClick={onCommit} loading={committing}>
              {t('preview.commit')}
            </Button>
          </Group>
        )}
        {shown && <JobProgress key={shown.id} run={shown} onFinished={onFinished} />}
      </Stack>
    </Card>
  );
}
