import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { emailRunKeys } from '../keys';

/** GET /api/v1/venue/{id}/jobs/?kind=emails: the venue's newest e-mail run (null: none yet), for its failures. */
export async function getLatestEmailRun(venue: number): Promise<JobRun | null> {
  const list = await api.get<{ results: JobRun[] }>(`venue/${venue}/jobs/`, { params: { kind: 'emails' } });
  return list.results[0] ?? null;
}

export const latestEmailRunQueryOptions = (venue: number) =>
  queryOptions({ queryKey: emailRunKeys.latest(venue), queryFn: () => getLatestEmailRun(venue), staleTime: 0 });

export function useLatestEmailRun(venue: number) {
  return useQuery(latestEmailRunQueryOptions(venue));
}
