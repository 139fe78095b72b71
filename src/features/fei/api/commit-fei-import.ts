import { useMutation } from '@tanstack/react-query';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';

/** POST /api/v1/venue/{id}/feiImport/{importId}/commit/: the background run that applies the preview. */
export function commitFeiImport({ venue, id }: { venue: number; id: number }): Promise<JobRun> {
  return api.post<JobRun>(`venue/${venue}/feiImport/${id}/commit/`, {});
}

export function useCommitFeiImport() {
  return useMutation({ mutationFn: commitFeiImport });
}
