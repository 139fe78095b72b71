import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  /** Defaults to the signed-in user. */
  actorUserId?: number | null;
  /** Defaults to the admin impersonating the signed-in user. */
  impersonatorId?: number | null;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

/** Appends audit rows with who (and which impersonating admin), from where, did what. */
export function createAudit(db: Db) {
  return {
    async record(request: FastifyRequest, entry: AuditEntry, tx: Db = db): Promise<void> {
      await tx.insert(auditLog).values({
        action: entry.action,
        actorUserId: entry.actorUserId === undefined ? (request.user?.id ?? null) : entry.actorUserId,
        impersonatorId:
          entry.impersonatorId === undefined ? (request.user?.impersonatorId ?? null) : entry.impersonatorId,
        targetUserId: entry.targetUserId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        details: entry.details ?? {},
      });
    },
  };
}

export type Audit = ReturnType<typeof createAudit>;
