import { z } from 'zod';
import { requiredOrInvalid } from './common';
import { listQuery, paginated } from './pagination';

export const ERROR_REPORT_KINDS = ['http', 'network', 'client'] as const;
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number];

/** POST /api/v1/errorReport/ — the client reports 5xx and network errors (spec §8). */
export const errorReportRequest = z.object({
  kind: z.enum(ERROR_REPORT_KINDS),
  status: z.number().int().min(0).max(999).nullable().optional(),
  method: z.string().max(10).optional(),
  url: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }).max(2000, { error: 'too_long' }),
  message: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }).max(4000, { error: 'too_long' }),
  stack: z.string().max(20000).optional(),
  page: z.string().max(2000).optional(),
  version: z.string().max(40).optional(),
});
export type ErrorReportRequest = z.infer<typeof errorReportRequest>;

export const errorReport = errorReportRequest.extend({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  /** The reporting user's username, when signed in and still there. */
  username: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type ErrorReport = z.infer<typeof errorReport>;

/** GET /api/v1/errorReport/ (admin), newest first; filtered by kind and HTTP status. */
export const errorReportQuery = listQuery.extend({
  kind: z.enum(ERROR_REPORT_KINDS, { error: 'invalid' }).optional(),
  status: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(100, { error: 'too_small' })
    .max(599, { error: 'too_big' })
    .optional(),
});
export type ErrorReportQuery = z.infer<typeof errorReportQuery>;

export const errorReportResponse = paginated(errorReport);
export type ErrorReportPage = z.infer<typeof errorReportResponse>;
