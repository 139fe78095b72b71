import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type AuditLogRow = typeof auditLog.$inferSelect;

export interface AuditLogFilter {
  action?: string;
  /** Rows where the user acted or was acted upon. */
  userId?: number;
}

export function createAuditLogRepo(db: Db) {
  return {
    async list(filter: AuditLogFilter, page: Page, tx: Db = db): Promise<{ count: number; rows: AuditLogRow[] }> {
      const conditions: (SQL | undefined)[] = [
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.userId
          ? or(eq(auditLog.actorUserId, filter.userId), eq(auditLog.targetUserId, filter.userId))
          : undefined,
      ];
      const where = and(...conditions);
      const [total] = await tx.select({ n: count() }).from(auditLog).where(where);
      const rows = await tx
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
