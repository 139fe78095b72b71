import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type AuditLogRow = typeof auditLog.$inferSelect;
/** A row with the usernames of its users (null when absent or deleted). */
export interface AuditLogListRow {
  entry: AuditLogRow;
  actor: string | null;
  impersonator: string | null;
  target: string | null;
}

export interface AuditLogFilter {
  action?: string;
  /** Rows where the user acted or was acted upon. */
  userId?: number;
}

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');
const target = alias(users, 'target');

export function createAuditLogRepo(db: Db) {
  return {
    async list(filter: AuditLogFilter, page: Page, tx: Db = db): Promise<{ count: number; rows: AuditLogListRow[] }> {
      const conditions: (SQL | undefined)[] = [
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.userId
          ? or(eq(auditLog.actorUserId, filter.userId), eq(auditLog.targetUserId, filter.userId))
          : undefined,
      ];
      const where = and(...conditions);
      const [total] = await tx.select({ n: count() }).from(auditLog).where(where);
      const rows = await tx
        .select({
          entry: auditLog,
          actor: actor.username,
          impersonator: impersonator.username,
          target: target.username,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
        .leftJoin(target, eq(target.id, auditLog.targetUserId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
