import { count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema';
import type { Page } from '../../http/pagination';

export type VenueRow = typeof venues.$inferSelect;

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

    async list(page: Page, tx: Db = db): Promise<{ count: number; rows: VenueRow[] }> {
      const [total] = await tx.select({ n: count() }).from(venues);
      const rows = await tx
        .select()
        .from(venues)
        .orderBy(sql`${venues.startDate} DESC NULLS LAST`, venues.id)
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
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
