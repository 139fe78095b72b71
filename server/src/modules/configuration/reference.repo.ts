import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, currencies, eventCategories, venueEventCategories } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { definedOnly } from './patch-body';

export type CountryRow = typeof countries.$inferSelect;
export type CurrencyRow = typeof currencies.$inferSelect;
export type EventCategoryRow = typeof eventCategories.$inferSelect;

/** Countries, currencies and event categories: the reference data every show uses. */
export function createReferenceRepo(db: Db) {
  return {
    async listCountries(page: Page): Promise<{ count: number; rows: CountryRow[] }> {
      const [total] = await db.select({ n: count() }).from(countries);
      const rows = await db
        .select()
        .from(countries)
        .orderBy(asc(countries.name), asc(countries.code))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
    async insertCountry(values: CountryRow): Promise<CountryRow> {
      const [row] = await db.insert(countries).values(values).returning();
      return row!;
    },
    async updateCountry(code: string, patch: Partial<CountryRow>): Promise<CountryRow | undefined> {
      if (!Object.keys(definedOnly(patch)).length) {
        const [same] = await db.select().from(countries).where(eq(countries.code, code));
        return same;
      }
      const [row] = await db.update(countries).set(patch).where(eq(countries.code, code)).returning();
      return row;
    },
    async deleteCountry(code: string): Promise<boolean> {
      const rows = await db.delete(countries).where(eq(countries.code, code)).returning({ code: countries.code });
      return rows.length > 0;
    },

    async listCurrencies(page: Page): Promise<{ count: number; rows: CurrencyRow[] }> {
      const [total] = await db.select({ n: count() }).from(currencies);
      const rows = await db
        .select()
        .from(currencies)
        .orderBy(asc(currencies.code))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
    async insertCurrency(values: CurrencyRow): Promise<CurrencyRow> {
      const [row] = await db.insert(currencies).values(values).returning();
      return row!;
    },
    async updateCurrency(code: string, patch: Partial<CurrencyRow>): Promise<CurrencyRow | undefined> {
      if (!Object.keys(definedOnly(patch)).length) {
        const [same] = await db.select().from(currencies).where(eq(currencies.code, code));
        return same;
      }
      const [row] = await db.update(currencies).set(patch).where(eq(currencies.code, code)).returning();
      return row;
    },
    async deleteCurrency(code: string): Promise<boolean> {
      const rows = await db.delete(currencies).where(eq(currencies.code, code)).returning({ code: currencies.code });
      return rows.length > 0;
    },

    async listEventCategories(page: Page): Promise<{ count: number; rows: EventCategoryRow[] }> {
      const [total] = await db.select({ n: count() }).from(eventCategories);
      const rows = await db
        .select()
        .from(eventCategories)
        .orderBy(asc(eventCategories.code), asc(eventCategories.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
    async findEventCategory(id: number, tx: Db = db): Promise<EventCategoryRow | undefined> {
      const [row] = await tx.select().from(eventCategories).where(eq(eventCategories.id, id));
      return row;
    },
    async insertEventCategory(values: typeof eventCategories.$inferInsert): Promise<EventCategoryRow> {
      const [row] = await db.insert(eventCategories).values(values).returning();
      return row!;
    },
    async updateEventCategory(
      id: number,
      patch: Partial<typeof eventCategories.$inferInsert>,
    ): Promise<EventCategoryRow | undefined> {
      const [row] = await db
        .update(eventCategories)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(eventCategories.id, id))
        .returning();
      return row;
    },
    /** Events of venues that use the category. */
    async eventCategoryUses(id: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(venueEventCategories)
        .where(eq(venueEventCategories.eventCategoryId, id));
      return row?.n ?? 0;
    },
    async deleteEventCategory(id: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(eventCategories)
        .where(eq(eventCategories.id, id))
        .returning({ id: eventCategories.id });
      return rows.length > 0;
    },
  };
}
