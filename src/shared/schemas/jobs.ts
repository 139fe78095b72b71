import { z } from 'zod';

/**
 * Background runs. Endpoints:
 *   GET  /api/v1/jobs/{id}/                 one run with its progress and messages (poll it)
 *   POST /api/v1/jobs/{id}/cancel/          ask a queued or running run to stop after its step
 *   GET  /api/v1/venue/{id}/jobs/?kind=     the venue's latest runs (newest first)
 * Who may read a run: whoever may start its kind at its venue.
 */
export const JOB_KINDS = [
  'invoices',
  'invoice_emails',
  'emails',
  'compensation_bills',
  'fei_import',
  'registry_sync',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['queued', 'running'];

/** A progress message: a code the client translates (`jobs:message.<code>`) with its values. */
export const jobMessage = z.object({
  at: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type JobMessage = z.infer<typeof jobMessage>;

/** A step that failed, to list and retry. */
export const jobFailure = z.object({ key: z.string(), error: z.string() });

export const jobRun = z.object({
  id: z.number().int(),
  kind: z.enum(JOB_KINDS),
  venue: z.number().int().nullable(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  cancel_requested: z.boolean(),
  /** Newest first. */
  messages: z.array(jobMessage),
  failures: z.array(jobFailure),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

export const jobListQuery = z.object({ kind: z.enum(JOB_KINDS, { error: 'invalid' }).optional() });
export const jobList = z.object({ results: z.array(jobRun) });

/** How often a page polls a running job (spec §4 polls the sync every second). */
export const JOB_POLL_MS = 1000;
