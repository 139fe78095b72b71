import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { jobKeys } from '../keys';

/** POST /api/v1/jobs/{id}/cancel/: the run stops after the step it is on. */
export function cancelJob(id: number): Promise<JobRun | undefined> {
  return api.post<JobRun | undefined>(`jobs/${id}/cancel/`);
}

export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (run, id) => {
      if (run && typeof run === 'object' && run.id === id) client.setQueryData(jobKeys.run(id), run);
      void client.invalidateQueries({ queryKey: jobKeys.run(id) });
    },
  });
}
