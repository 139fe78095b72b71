import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitions, venueEventCategories } from '../../db/schema';
import type { Page } from '../../http/pagination';

const t = competitions;
export type CompetitionRow = typeof t.$inferSelect & { venueId: number };
export type NewCompetition = typeof t.$inferInsert;

export function createCompetitionRepo(db: Db) {
  const select = (tx: Db) =>
    tx
      .select({ competition: t, venueId: venueEventCategories.venueId })
      .from(t)
      .innerJoin(venueEventCategories, eq(venueEventCategories.id, t.vecId));
  const flat = (row: { competition: typeof t.$inferSelect; venueId: number }): CompetitionRow => ({
    ...row.competition,
    venueId: row.venueId,
  });

  return {
    async list(filter: { venueId?: number; vecId?: number }, page: Page) {
      const conditions: SQL[] = [];
      if (filter.venueId !== undefined) conditions.push(eq(venueEventCategories.venueId, filter.venueId));
      if (filter.vecId !== undefined) conditions.push(eq(t.vecId, filter.vecId));
      const where = and(...conditions);
      const [total] = await db
        .select({ n: count() })
        .from(t)
        .innerJoin(venueEventCategories, eq(venueEventCategories.id, t.vecId))
        .where(where);
      const rows = await select(db)
        .where(where)
        .orderBy(asc(t.startsAt), asc(t.number), asc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows: rows.map(flat) };
    },

    async findById(id: number, tx: Db = db): Promise<CompetitionRow | undefined> {
      const [row] = await select(tx).where(eq(t.id, id));
      return row && flat(row);
    },

    async insert(values: NewCompetition, tx: Db): Promise<number> {
      const [row] = await tx.insert(t).values(values).returning({ id: t.id });
      return row!.id;
    },

    async update(id: number, patch: Partial<NewCompetition>, tx: Db): Promise<boolean> {
      const rows = await tx
        .update(t)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async delete(id: number, tx: Db): Promise<boolean> {
      const rows = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
