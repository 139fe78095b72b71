import { useMutation } from '@tanstack/react-query';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/venue/{id}/generateInvoices/: starts the run that invoices every party with
 * uninvoiced entries (202 with the run). 400 nothing_to_invoice, 409 job_running.
 */
export function generateInvoices(venue: number): Promise<JobRun> {
  return api.post<JobRun>(`venue/${venue}/generateInvoices/`);
}

export function useGenerateInvoices() {
  return useMutation({ mutationFn: generateInvoices });
}
