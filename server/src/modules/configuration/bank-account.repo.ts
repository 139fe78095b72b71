import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { venueBankAccounts } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type BankAccountRow = typeof venueBankAccounts.$inferSelect;
export type NewBankAccount = typeof venueBankAccounts.$inferInsert;

const t = venueBankAccounts;

export function createBankAccountRepo(db: Db) {
  return {
    async list(venueId: number | undefined, page: Page): Promise<{ count: number; rows: BankAccountRow[] }> {
      const where = venueId === undefined ? undefined : eq(t.venueId, venueId);
      const [total] = await db.select({ n: count() }).from(t).where(where);
      const rows = await db
        .select()
        .from(t)
        .where(where)
        .orderBy(asc(t.venueId), asc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    async findById(id: number, tx: Db = db): Promise<BankAccountRow | undefined> {
      const [row] = await tx.select().from(t).where(eq(t.id, id));
      return row;
    },

    async insert(values: NewBankAccount, tx: Db): Promise<BankAccountRow> {
      const [row] = await tx.insert(t).values(values).returning();
      return row!;
    },

    async update(id: number, patch: Partial<NewBankAccount>, tx: Db): Promise<BankAccountRow | undefined> {
      const [row] = await tx
        .update(t)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(t.id, id))
        .returning();
      return row;
    },

    /** One default per venue: every other account of the venue stops being it. */
    async clearOtherDefaults(venueId: number, keepId: number, tx: Db): Promise<void> {
      await tx
        .update(t)
        .set({ isDefault: false })
        .where(and(eq(t.venueId, venueId), ne(t.id, keepId), eq(t.isDefault, true)));
    },

    async delete(id: number, tx: Db = db): Promise<boolean> {
      const rows = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}
