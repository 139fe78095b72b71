import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumables, transactions } from '../../db/schema';
import type { Page } from '../../http/pagination';

const t = consumables;
export type ConsumableRow = typeof t.$inferSelect;
export type NewConsumable = typeof t.$inferInsert;

export function createConsumableRepo(db: Db) {
  return {
    async list(filter: { venueId?: number; active?: boolean }, page: Page) {
      const conditions: SQL[] = [];
      if (filter.venueId !== undefined) conditions.push(eq(t.venueId, filter.venueId));
      if (filter.active !== undefined) conditions.push(eq(t.active, filter.active));
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(t).where(where);
      const rows = await db
        .select()
        .from(t)
        .where(where)
        .orderBy(asc(t.category), asc(t.name), asc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    async findById(id: number, tx: Db = db): Promise<ConsumableRow | undefined> {
      const [row] = await tx.select().from(t).where(eq(t.id, id));
      return row;
    },

    async insert(values: NewConsumable, tx: Db): Promise<ConsumableRow> {
      const [row] = await tx.insert(t).values(values).returning();
      return row!;
    },

    /** Many rows in one statement, in the order given (bulk create, copy). */
    async insertMany(values: NewConsumable[], tx: Db): Promise<ConsumableRow[]> {
      if (!values.length) return [];
      return tx
        .insert(t)
        .values(values)
        .returning()
        .then((rows) => rows.sort((a, b) => a.id - b.id));
    },

    /** Every article (active or not) of these venues: what a paste or a copy must not repeat. */
    async ofVenues(venueIds: number[], tx: Db = db): Promise<ConsumableRow[]> {
      if (!venueIds.length) return [];
      return tx.select().from(t).where(inArray(t.venueId, venueIds)).orderBy(asc(t.id));
    },

    async update(id: number, patch: Partial<NewConsumable>, tx: Db): Promise<ConsumableRow | undefined> {
      const [row] = await tx
        .update(t)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning();
      return row;
    },

    async sold(id: number, tx: Db): Promise<boolean> {
      const [row] = await tx.select({ n: count() }).from(transactions).where(eq(transactions.consumableId, id));
      return (row?.n ?? 0) > 0;
    },

    async delete(id: number, tx: Db): Promise<void> {
      await tx.delete(t).where(eq(t.id, id));
    },
  };
}
