import { Alert, Skeleton } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobKind, JobRun } from '@shared/schemas/jobs';
import { errorText } from '@/lib/api-error';
import { useLatestJob } from '../api/list-venue-jobs';
import { JobProgress } from './job-progress';

export interface VenueJobProps {
  venue: number;
  kind: JobKind;
  /** A run this page has just started: shown at once, before the venue's list knows it. */
  started?: JobRun | null;
  /** Changed by the page to look for the venue's latest run again (another user started one). */
  lookAgain?: number;
  onFinished?(run: JobRun): void;
}

/**
 * The venue's latest run of a kind, so a run started earlier (or still running after a reload)
 * is in view when the page opens; nothing while the venue has none.
 */
export function VenueJob({ venue, kind, started = null, lookAgain = 0, onFinished }: VenueJobProps) {
  const { t } = useTranslation('jobs');
  const latest = useLatestJob(venue, kind);
  const { refetch } = latest;
  useEffect(() => {
    if (lookAgain > 0) void refetch();
  }, [lookAgain, refetch]);

  const newest = latest.data ?? null;
  const run = started && (!newest || started.id >= newest.id) ? started : newest;
  if (run) return <JobProgress key={run.id} run={run} onFinished={onFinished} />;
  if (latest.isPending) return <Skeleton height={48} aria-label={t('loading')} />;
  if (latest.isError) return <Alert color="red">{errorText(latest.error)}</Alert>;
  return null;
}
