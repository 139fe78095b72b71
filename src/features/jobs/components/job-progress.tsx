import { Alert, Badge, Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobRun, JobStatus } from '@shared/schemas/jobs';
import { showError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCancelJob } from '../api/cancel-job';
import { isActive, useJob } from '../api/get-job';
import { jobErrorText, jobMessageText } from '../message-text';

/** How many of the newest messages are shown. */
const MESSAGE_COUNT = 5;

const STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** Whole percent of the steps done; a finished run with nothing to do is complete. */
export function percentDone(run: JobRun): number {
  if (run.total <= 0) return run.status === 'done' ? 100 : 0;
  return Math.min(100, Math.floor((run.done / run.total) * 100));
}

interface JobProgressProps {
  run: JobRun;
  /** Called once when a run seen queued or running has ended (done, failed or cancelled). */
  onFinished?(run: JobRun): void;
}

/**
 * A background run: a progress bar with done / total, its status, Cancel while it
 * is active, the newest messages and the steps that failed. Asks for the run every
 * JOB_POLL_MS until it has ended.
 */
export function JobProgress({ run: known, onFinished }: JobProgressProps) {
  const { t } = useTranslation('jobs');
  const titleId = useId();
  const run = useJob(known).data;
  const cancel = useCancelJob();
  const active = isActive(run);
  const percent = percentDone(run);

  // Tell the page when a run it watched ends (it reloads what the run changed).
  const wasActive = useRef(active);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    if (wasActive.current && !active) finished.current?.(run);
    wasActive.current = active;
  }, [active, run]);

  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t(`kind.${run.kind}`)}
          </Title>
          <Badge color={STATUS_COLORS[run.status]} variant="light">
            {t(`status.${run.status}`)}
          </Badge>
        </Group>
        <Progress
          value={percent}
          aria-label={t('progress.label')}
          size="lg"
          striped={active}
          animated={run.status === 'running'}
          color={run.status === 'failed' ? 'red' : run.status === 'cancelled' ? 'orange' : undefined}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {t('progress.count', { done: run.done, total: run.total, percent })}
            {run.failed > 0 && ` · ${t('progress.failed', { count: run.failed })}`}
          </Text>
          <Text size="xs" c="dimmed">
            {run.finished_at
              ? t('progress.finishedAt', { at: formatDateTime(run.finished_at) })
              : t('progress.startedAt', { at: formatDateTime(run.started_at ?? run.created_at) })}
          </Text>
        </Group>
        {active && (
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              loading={cancel.isPending}
              disabled={run.cancel_requested}
              onClick={() => cancel.mutate(run.id, { onError: showError })}
            >
              {run.cancel_requested ? t('cancel.requested') : t('cancel.button')}
            </Button>
          </Group>
        )}
        {run.messages.length > 0 && (
          <List size="sm" spacing={4} aria-label={t('messages')} listStyleType="none">
            {run.messages.slice(0, MESSAGE_COUNT).map((message, index) => (
              <List.Item key={`${message.at}-${index}`}>
                <Text span size="xs" c="dimmed" mr="xs">
                  {formatDateTime(message.at)}
                </Text>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {jobMessageText(message)}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {run.failures.length > 0 && (
          <Alert color="red" variant="light" title={t('failures.title', { count: run.failures.length })}>
            <List size="sm" spacing={2}>
              {run.failures.map((failure) => (
                <List.Item key={failure.key} style={{ overflowWrap: 'anywhere' }}>
                  {t('failures.line', { key: failure.key, error: jobErrorText(failure.error) })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
