import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACTIVE_JOB_STATUSES, type JobRun } from '@shared/schemas/jobs';
import { ApiError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { submitErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useLatestEmailRun } from '../api/get-latest-email-run';
import { useStartEmailRun } from '../api/start-email-run';

interface RetryFailedProps {
  venueId: number;
  onStarted(run: JobRun): void;
  onAlreadyRunning(): void;
}

/** "Send again to the failed": the venue's latest e-mail run, once ended, again to those it failed for. */
export function RetryFailed({ venueId, onStarted, onAlreadyRunning }: RetryFailedProps) {
  const { t } = useTranslation('emailRuns');
  const latest = useLatestEmailRun(venueId);
  const start = useStartEmailRun();
  const run = latest.data;
  if (!run || ACTIVE_JOB_STATUSES.includes(run.status) || run.failed === 0) return null;

  async function retry(failed: JobRun) {
    const confirmed = await confirmDialog({
      title: t('actions.confirmTitle'),
      message: t('actions.retryConfirm', { count: failed.failed }),
    });
    if (!confirmed) return;
    start.mutate(
      { venue: venueId, input: { retry_of: failed.id } },
      {
        onSuccess: onStarted,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'job_running') onAlreadyRunning();
          submitErrors(error, {}).form.forEach((message) => notify.error(message));
        },
      },
    );
  }

  return (
    <Group>
      <Button
        color="orange"
        variant="light"
        leftSection={<IconRefresh size={16} aria-hidden />}
        loading={start.isPending}
        onClick={() => void retry(run)}
      >
        {t('actions.retry', { count: run.failed })}
      </Button>
    </Group>
  );
}
