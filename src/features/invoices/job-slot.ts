import type { JobKind, JobRun } from '@shared/schemas/jobs';

/** The runs the invoices page starts: issuing the invoices, and e-mailing them. */
export const INVOICE_JOB_KINDS = ['invoices', 'invoice_emails'] as const satisfies readonly JobKind[];
export type InvoiceJobKind = (typeof INVOICE_JOB_KINDS)[number];

/**
 * What the page gives the progress of one kind of run: the route renders it (jobs are a feature
 * of their own).
 */
export interface InvoiceJobSlot {
  kind: InvoiceJobKind;
  /** The run this page has just started, if any. */
  started: JobRun | null;
  /** Bumped when the server says a run of this kind is already under way: look for it. */
  lookAgain: number;
  /** A run has ended: what it issued or e-mailed is in the list now. */
  onFinished(): void;
}
