import { z } from 'zod';
import { requiredOrInvalid } from './common';

/** POST /api/v1/errorReport/ — the client reports 5xx and network errors (spec §8). */
export const errorReportRequest = z.object({
  kind: z.enum(['http', 'network', 'client']),
  status: z.number().int().nullable().optional(),
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
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
