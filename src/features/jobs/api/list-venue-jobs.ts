import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobKind, JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { jobKeys } from '../keys';

/** GET /api/v1/venue/{id}/jobs/?kind=: the venue's latest runs of a kind, newest first. */
export function listVenueJobs(venue: number, kind: JobKind): Promise<{ results: JobRun[] }> {
  return api.get<{ results: JobRun[] }>(`venue/${venue}/jobs/`, { params: { kind } });
}

/** The newest run of a kind at the venue (null: none yet), so a run started before shows on opening. */
export const latestJobQueryOptions = (venue: number, kind: JobKind) =>
  queryOptions({
    queryKey: jobKeys.latest(venue, kind),
    queryFn: () => listVenueJobs(venue, kind),
    select: (list): JobRun | null => list.results[0] ?? null,
    staleTime: 0,
  });

export function useLatestJob(venue: number, kind: JobKind) {
  return useQuery(latestJobQueryOptions(venue, kind));
}
