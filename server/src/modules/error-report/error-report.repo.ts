import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorReports } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type ErrorReportRow = typeof errorReports.$inferSelect;

export function createErrorReportRepo(db: Db) {
  return {
    async insert(values: typeof errorReports.$inferInsert, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(errorReports).values(values).returning({ id: errorReports.id });
      return row!.id;
    },

    async list(page: Page, tx: Db = db): Promise<{ count: number; rows: ErrorReportRow[] }> {
      const [total] = await tx.select({ n: count() }).from(errorReports);
      const rows = await tx
        .select()
        .from(errorReports)
        .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
