import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accounts, venues } from '../../db/schema';

export interface SummaryRow {
  venueId: number;
  venueName: string;
  currency: string;
  chargedMinor: number;
  taxMinor: number;
  paidMinor: number;
  balanceMinor: number;
}

export interface SoldRow {
  /** Venue-local day, YYYY-MM-DD. */
  day: string;
  consumableId: number;
  name: string;
  quantity: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

/** The reports' queries. */
export function createReportsRepo(db: Db) {
  return {
    /** The party's account per venue (running totals), one venue or all, by venue name. */
    async summary(type: string, id: number, venueId: number | undefined): Promise<SummaryRow[]> {
      return db
        .select({
          venueId: venues.id,
          venueName: venues.name,
          currency: venues.currency,
          chargedMinor: accounts.chargedMinor,
          taxMinor: accounts.taxMinor,
          paidMinor: accounts.paidMinor,
          balanceMinor: accounts.balanceMinor,
        })
        .from(accounts)
        .innerJoin(venues, eq(venues.id, accounts.venueId))
        .where(
          and(
            eq(accounts.kind, 'party'),
            eq(accounts.partyType, type),
            eq(accounts.partyId, id),
            venueId === undefined ? undefined : eq(accounts.venueId, venueId),
          ),
        )
        .orderBy(asc(venues.name), asc(venues.id));
    },

    /**
     * Price-list items sold at the venue, per venue-local day and item: charges, sales and fees
     * count, credits count against; a reversal (its amounts negated) nets out on the day of the
     * entry it reverses, so an entry taken back leaves nothing behind. Days within [from, to].
     */
    async consumablesSold(
      venue: { id: number; timeZone: string },
      from: string | null,
      to: string | null,
    ): Promise<SoldRow[]> {
      return rowsOf<SoldRow>(
        await db.execute(sql`WITH lines AS (
            SELECT t.consumable_id,
              to_char(COALESCE(o.occurred_at, t.occurred_at) AT TIME ZONE ${venue.timeZone}, 'YYYY-MM-DD') AS day,
              CASE WHEN COALESCE(o.kind, t.kind) = 'credit' THEN -1 ELSE 1 END AS sign,
              t.quantity, t.net_minor, t.tax_minor, t.gross_minor
            FROM transactions t
            LEFT JOIN transactions o ON o.id = t.reversal_of_id
            WHERE t.venue_id = ${venue.id} AND t.consumable_id IS NOT NULL
              AND COALESCE(o.kind, t.kind) IN ('charge', 'sale', 'fee', 'credit'))
          SELECT l.day AS "day", c.id AS "consumableId", c.name AS "name",
            sum(l.sign * l.quantity)::int AS "quantity",
            sum(l.sign * l.net_minor)::bigint::text AS "netMinor",
            sum(l.sign * l.tax_minor)::bigint::text AS "taxMinor",
            sum(l.sign * l.gross_minor)::bigint::text AS "grossMinor"
          FROM lines l JOIN consumables c ON c.id = l.consumable_id
          WHERE (${from}::date IS NULL OR l.day >= ${from}::text) AND (${to}::date IS NULL OR l.day <= ${to}::text)
          GROUP BY l.day, c.id, c.name
          HAVING sum(l.sign * l.quantity) <> 0 OR sum(l.sign * l.gross_minor) <> 0
          ORDER BY l.day, c.name, c.id`),
      ).map((row) => ({
        ...row,
        netMinor: Number(row.netMinor),
        taxMinor: Number(row.taxMinor),
        grossMinor: Number(row.grossMinor),
      }));
    },
  };
}
