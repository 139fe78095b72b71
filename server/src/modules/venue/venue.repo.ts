import { and, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { containsPattern } from '../people/search-pattern';

export type VenueRow = typeof venues.$inferSelect;
export type NewVenue = typeof venues.$inferInsert;

/** Shows not over yet in their own time zone, and shows without dates. */
const notOver = or(isNull(venues.endDate), sql`${venues.endDate} >= (now() AT TIME ZONE ${venues.timeZone})::date`);

export function createVenueRepo(db: Db) {
  return {
    async findById(id: number, tx: Db = db): Promise<VenueRow | undefined> {
      const [row] = await tx.select().from(venues).where(eq(venues.id, id));
      return row;
    },

    async findByWhitelabelDomain(host: string, tx: Db = db): Promise<VenueRow | undefined> {
      const [row] = await tx
        .select()
        .from(venues)
        .where(eq(sql`lower(${venues.whitelabelDomain})`, host.toLowerCase()));
      return row;
    },

    /** Every venue, newest first; `search` matches name, FEI id and city. */
    async list(page: Page, search?: string, tx: Db = db): Promise<{ count: number; rows: VenueRow[] }> {
      let where: SQL | undefined;
      if (search) {
        const pattern = containsPattern(search);
        where = or(ilike(venues.name, pattern), ilike(venues.feiId, pattern), ilike(venues.city, pattern));
      }
      const [total] = await tx.select({ n: count() }).from(venues).where(where);
      const rows = await tx
        .select()
        .from(venues)
        .where(where)
        .orderBy(sql`${venues.startDate} DESC NULLS LAST`, venues.id)
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },

    async insert(values: NewVenue, tx: Db = db): Promise<VenueRow> {
      const [row] = await tx.insert(venues).values(values).returning();
      return row!;
    },

    async update(id: number, patch: Partial<NewVenue>, tx: Db = db): Promise<VenueRow | undefined> {
      const [row] = await tx
        .update(venues)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(venues.id, id))
        .returning();
      return row;
    },

    /** Which of FEI id and whitelabel domain another venue already has. */
    async taken(
      values: { feiId?: string | null; whitelabelDomain?: string | null },
      exceptId: number | null,
      tx: Db = db,
    ): Promise<{ feiId: boolean; whitelabelDomain: boolean }> {
      const others = exceptId === null ? undefined : ne(venues.id, exceptId);
      const exists = async (condition: SQL | undefined) => {
        const [row] = await tx.select({ n: count() }).from(venues).where(and(condition, others));
        return (row?.n ?? 0) > 0;
      };
      return {
        feiId: !!values.feiId && (await exists(eq(venues.feiId, values.feiId))),
        whitelabelDomain:
          !!values.whitelabelDomain &&
          (await exists(eq(sql`lower(${venues.whitelabelDomain})`, values.whitelabelDomain.toLowerCase()))),
      };
    },

    /** Upcoming and running shows, soonest first (the public choice of a show). */
    async listOpen(page: Page, tx: Db = db): Promise<{ count: number; rows: VenueRow[] }> {
      const [total] = await tx.select({ n: count() }).from(venues).where(notOver);
      const rows = await tx
        .select()
        .from(venues)
        .where(notOver)
        .orderBy(sql`${venues.startDate} ASC NULLS LAST`, venues.name, venues.id)
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
