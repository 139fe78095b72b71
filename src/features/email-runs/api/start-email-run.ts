import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailRunRequest } from '@shared/schemas/email-runs';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';
import { emailRunKeys } from '../keys';

export interface StartEmailRun {
  venue: number;
  /** A new run, or `{ retry_of }`: that run's failed recipients again. */
  input: EmailRunRequest;
}

/** POST /api/v1/venue/{id}/emailRun/: starts the run (202 with it); 400 with field errors, 409 job_running. */
export function startEmailRun({ venue, input }: StartEmailRun): Promise<JobRun> {
  return api.post<JobRun>(`venue/${venue}/emailRun/`, input);
}

export function useStartEmailRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startEmailRun,
    onSuccess: (_run, { venue }) => void client.invalidateQueries({ queryKey: emailRunKeys.latest(venue) }),
  });
}
