import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumables, taxConfigurations, taxRates, taxTypes, transactions } from '../../db/schema';
import type { Page } from '../../http/pagination';
import type { RatePeriod } from './tax-rates';

export type TaxTypeRow = typeof taxTypes.$inferSelect;
export type TaxRateRow = typeof taxRates.$inferSelect;
type TaxTypeValues = Pick<
  typeof taxTypes.$inferInsert,
  'code' | 'name' | 'category' | 'exemptionReason' | 'exemptionCode'
>;

const toPeriods = (taxTypeId: number, rates: readonly RatePeriod[]) =>
  rates.map((r) => ({ taxTypeId, rateBp: r.rate_bp, validFrom: r.valid_from, validTo: r.valid_to ?? null }));

export function createTaxTypeRepo(db: Db) {
  return {
    async list(page: Page): Promise<{ count: number; rows: TaxTypeRow[] }> {
      const [total] = await db.select({ n: count() }).from(taxTypes);
      const rows = await db
        .select()
        .from(taxTypes)
        .orderBy(asc(taxTypes.code), asc(taxTypes.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    async findById(id: number, tx: Db = db): Promise<TaxTypeRow | undefined> {
      const [row] = await tx.select().from(taxTypes).where(eq(taxTypes.id, id));
      return row;
    },

    /** The rates of these tax types, oldest period first. */
    async ratesOf(ids: readonly number[], tx: Db = db): Promise<TaxRateRow[]> {
      if (!ids.length) return [];
      return tx
        .select()
        .from(taxRates)
        .where(inArray(taxRates.taxTypeId, [...ids]))
        .orderBy(asc(taxRates.validFrom), asc(taxRates.id));
    },

    async insert(values: TaxTypeValues, rates: readonly RatePeriod[], tx: Db): Promise<TaxTypeRow> {
      const [row] = await tx.insert(taxTypes).values(values).returning();
      await tx.insert(taxRates).values(toPeriods(row!.id, rates));
      return row!;
    },

    async update(id: number, values: Partial<TaxTypeValues>, tx: Db): Promise<TaxTypeRow | undefined> {
      const [row] = await tx
        .update(taxTypes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(taxTypes.id, id))
        .returning();
      return row;
    },

    async replaceRates(id: number, rates: readonly RatePeriod[], tx: Db): Promise<void> {
      await tx.delete(taxRates).where(eq(taxRates.taxTypeId, id));
      await tx.insert(taxRates).values(toPeriods(id, rates));
    },

    /** Whether consumables, events' tax configurations or posted transactions name the tax type. */
    async inUse(id: number, tx: Db): Promise<boolean> {
      const uses = await Promise.all([
        tx.select({ n: count() }).from(consumables).where(eq(consumables.taxTypeId, id)),
        tx.select({ n: count() }).from(taxConfigurations).where(eq(taxConfigurations.taxTypeId, id)),
        tx.select({ n: count() }).from(transactions).where(eq(transactions.taxTypeId, id)),
      ]);
      return uses.some(([row]) => (row?.n ?? 0) > 0);
    },

    async delete(id: number, tx: Db): Promise<void> {
      await tx.delete(taxTypes).where(eq(taxTypes.id, id));
    },
  };
}
