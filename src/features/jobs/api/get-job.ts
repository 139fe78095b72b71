import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_JOB_STATUSES, JOB_POLL_MS, type JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { jobKeys } from '../keys';

/** A run that is still queued or running. */
export const isActive = (run: JobRun): boolean => ACTIVE_JOB_STATUSES.includes(run.status);

/** GET /api/v1/jobs/{id}/: one run with its progress, messages (newest first) and failures. */
export function getJob(id: number): Promise<JobRun> {
  return api.get<JobRun>(`jobs/${id}/`);
}

/** The run, asked again every JOB_POLL_MS while it is queued or running; `run` is what is known already. */
export const jobQueryOptions = (run: JobRun) =>
  queryOptions({
    queryKey: jobKeys.run(run.id),
    queryFn: () => getJob(run.id),
    initialData: run,
    // A run that has ended does not change any more.
    staleTime: (query) => (query.state.data && isActive(query.state.data) ? 0 : Infinity),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? JOB_POLL_MS : false),
  });

export function useJob(run: JobRun) {
  return useQuery(jobQueryOptions(run));
}
