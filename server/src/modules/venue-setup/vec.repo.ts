import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventCategories, transactions, vecParticipations, venueEventCategories } from '../../db/schema';
import type { Page } from '../../http/pagination';

const t = venueEventCategories;
export type VecRow = typeof t.$inferSelect & { eventCategoryCode: string };
export type NewVec = typeof t.$inferInsert;

const columns = {
  id: t.id,
  venueId: t.venueId,
  eventCategoryId: t.eventCategoryId,
  name: t.name,
  defaultEntryFeeMinor: t.defaultEntryFeeMinor,
  feiId: t.feiId,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  eventCategoryCode: eventCategories.code,
};

export function createVecRepo(db: Db) {
  const select = (tx: Db) =>
    tx.select(columns).from(t).innerJoin(eventCategories, eq(eventCategories.id, t.eventCategoryId));

  return {
    async list(venueId: number | undefined, page: Page): Promise<{ count: number; rows: VecRow[] }> {
      const where: SQL | undefined = venueId === undefined ? undefined : eq(t.venueId, venueId);
      const [total] = await db.select({ n: count() }).from(t).where(where);
      const rows = await select(db)
        .where(where)
        .orderBy(asc(t.venueId), asc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    async findById(id: number, tx: Db = db): Promise<VecRow | undefined> {
      const [row] = await select(tx).where(eq(t.id, id));
      return row;
    },

    async findAtVenue(venueId: number, ids: readonly number[], tx: Db = db): Promise<VecRow[]> {
      if (!ids.length) return [];
      return select(tx).where(and(eq(t.venueId, venueId), inArray(t.id, [...ids])));
    },

    async insert(values: NewVec, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(t).values(values).returning({ id: t.id });
      return row!.id;
    },

    async update(id: number, patch: Partial<NewVec>, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(t)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /** Entries or posted transactions keep an event from being deleted. */
    async inUse(id: number, tx: Db): Promise<boolean> {
      const [entries] = await tx.select({ n: count() }).from(vecParticipations).where(eq(vecParticipations.vecId, id));
      const [posted] = await tx.select({ n: count() }).from(transactions).where(eq(transactions.vecId, id));
      return (entries?.n ?? 0) > 0 || (posted?.n ?? 0) > 0;
    },

    async delete(id: number, tx: Db): Promise<void> {
      await tx.delete(t).where(eq(t.id, id));
    },
  };
}
