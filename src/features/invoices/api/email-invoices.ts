import { useMutation } from '@tanstack/react-query';
import type { EmailInvoicesInput } from '@shared/schemas/invoices';
import type { JobRun } from '@shared/schemas/jobs';
import { api } from '@/lib/api-client';

export interface EmailInvoices {
  venue: number;
  input: EmailInvoicesInput;
}

/** POST /api/v1/venue/{id}/emailInvoices/: starts the run that e-mails the invoices, PDF attached (202 with the run). */
export function emailInvoices({ venue, input }: EmailInvoices): Promise<JobRun> {
  return api.post<JobRun>(`venue/${venue}/emailInvoices/`, input);
}

export function useEmailInvoices() {
  return useMutation({ mutationFn: emailInvoices });
}
