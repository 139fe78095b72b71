import { z } from 'zod';
import { idParam } from './common';
import { listQuery, paginated } from './pagination';

/** GET /api/v1/auditLog/ (admin), newest first; `user` matches actor or target. */
export const auditLogQuery = listQuery.extend({
  action: z.string().trim().max(100, { error: 'too_long' }).optional(),
  user: idParam.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_user_id: z.number().int().nullable(),
  /** Usernames of the ids beside them, when those users still exist. */
  actor_username: z.string().nullable(),
  impersonator_id: z.number().int().nullable(),
  impersonator_username: z.string().nullable(),
  action: z.string(),
  target_user_id: z.number().int().nullable(),
  target_username: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogResponse = paginated(auditLogEntry);
export type AuditLogPage = z.infer<typeof auditLogResponse>;
