import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ErrorReportKind } from '@shared/schemas/error-report';
import type { Db } from '../../db/client';
import { errorReports, users } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type ErrorReportRow = typeof errorReports.$inferSelect;
/** A report with the reporting user's username (null when anonymous or deleted). */
export interface ErrorReportListRow {
  report: ErrorReportRow;
  username: string | null;
}

export interface ErrorReportFilter {
  kind?: ErrorReportKind;
  status?: number;
}

export function createErrorReportRepo(db: Db) {
  return {
    async insert(values: typeof errorReports.$inferInsert, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(errorReports).values(values).returning({ id: errorReports.id });
      return row!.id;
    },

    async list(
      filter: ErrorReportFilter,
      page: Page,
      tx: Db = db,
    ): Promise<{ count: number; rows: ErrorReportListRow[] }> {
      const conditions: (SQL | undefined)[] = [
        filter.kind ? eq(errorReports.kind, filter.kind) : undefined,
        filter.status !== undefined ? eq(errorReports.status, filter.status) : undefined,
      ];
      const where = and(...conditions);
      const [total] = await tx.select({ n: count() }).from(errorReports).where(where);
      const rows = await tx
        .select({ report: errorReports, username: users.username })
        .from(errorReports)
        .leftJoin(users, eq(users.id, errorReports.userId))
        .where(where)
        .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
