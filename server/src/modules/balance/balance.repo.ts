import { and, asc, count, desc, eq, gt, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accounts as a, venues } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { partyEmail, partyName } from '../ledger/names';
import { anyPartyAtVenue } from '../participation/party-at-venue';
import { containsPattern } from '../people/search-pattern';

/** Balances come from the accounts' running totals, never from a scan of the transactions. */

export interface PartyRef {
  type: string;
  id: number;
}

export interface OverviewFilter {
  partyType?: string;
  search?: string;
  status: 'all' | 'open' | 'owing' | 'credit';
}

const sum = (column: SQL | typeof a.balanceMinor, filter?: SQL) =>
  sql<number>`COALESCE(sum(${column})${filter ? sql` FILTER (WHERE ${filter})` : sql``}, 0)`.mapWith(Number);
/** What the parties owe, as a positive amount: the sum of the negative balances, negated. */
const owed = sql`-${a.balanceMinor}`;

const name = partyName(a.partyType, a.partyId);
const partyBalanceColumns = {
  venue: a.venueId,
  partyType: a.partyType,
  partyId: a.partyId,
  name,
  balance: a.balanceMinor,
  charged: a.chargedMinor,
  tax: a.taxMinor,
  paid: a.paidMinor,
  transactions: a.postingCount,
};

const isParty = eq(a.kind, 'party');
const ofParties = (parties: readonly PartyRef[]) =>
  or(...parties.map((p) => and(eq(a.partyType, p.type), eq(a.partyId, p.id))));

export function createBalanceRepo(db: Db) {
  return {
    async overview(venueId: number, filter: OverviewFilter, page: Page, tx: Db = db) {
      // Only the parties that take part in the venue: an account left by an entry posted before
      // the ledger checked that (a stray credit) does not list a stranger among the venue's people.
      const where: SQL[] = [eq(a.venueId, venueId), isParty, anyPartyAtVenue(a.partyType, a.venueId, a.partyId)];
      if (filter.partyType) where.push(eq(a.partyType, filter.partyType));
      if (filter.status === 'open') where.push(ne(a.balanceMinor, 0));
      if (filter.status === 'owing') where.push(lt(a.balanceMinor, 0));
      if (filter.status === 'credit') where.push(gt(a.balanceMinor, 0));
      if (filter.search) where.push(sql`${name} ILIKE ${containsPattern(filter.search)}`);
      const [total] = await tx
        .select({ n: count() })
        .from(a)
        .where(and(...where));
      const rows = await tx
        .select(partyBalanceColumns)
        .from(a)
        .where(and(...where))
        .orderBy(asc(name), a.partyType, a.partyId)
        .limit(page.limit)
        .offset(page.offset);
      const [totals] = await tx
        .select({
          balance: sum(a.balanceMinor, isParty),
          charged: sum(a.chargedMinor, isParty),
          tax: sum(a.taxMinor, isParty),
          paid: sum(a.paidMinor, isParty),
          revenue: sum(a.balanceMinor, eq(a.kind, 'revenue')),
          owing: sum(owed, and(isParty, lt(a.balanceMinor, 0))),
          credit: sum(a.balanceMinor, and(isParty, gt(a.balanceMinor, 0))),
        })
        .from(a)
        .where(eq(a.venueId, venueId));
      // The tax accounts hold one account per rate: VAT base (charged) and tax per rate.
      const vat = await tx
        .select({ rate_bp: a.partyId, net: a.chargedMinor, tax: a.taxMinor })
        .from(a)
        .where(and(eq(a.venueId, venueId), eq(a.kind, 'tax'), or(ne(a.chargedMinor, 0), ne(a.taxMinor, 0))))
        .orderBy(a.partyId);
      return { count: total?.n ?? 0, rows, totals: totals!, vat };
    },

    /** Per venue: the parties' running totals. */
    async summary(tx: Db = db) {
      const joined = and(eq(a.venueId, venues.id), isParty);
      return tx
        .select({
          id: venues.id,
          name: venues.name,
          currency: venues.currency,
          startDate: venues.startDate,
          parties: sql<number>`count(${a.id})`.mapWith(Number),
          balance: sum(a.balanceMinor),
          charged: sum(a.chargedMinor),
          tax: sum(a.taxMinor),
          paid: sum(a.paidMinor),
          owing: sum(owed, lt(a.balanceMinor, 0)),
          credit: sum(a.balanceMinor, gt(a.balanceMinor, 0)),
        })
        .from(venues)
        .leftJoin(a, joined)
        .groupBy(venues.id)
        .orderBy(sql`${venues.startDate} DESC NULLS LAST`, desc(venues.id));
    },

    /** The party accounts of some parties at every venue, with the venue's name and currency. */
    async ofParties(parties: readonly PartyRef[], tx: Db = db) {
      if (!parties.length) return [];
      return tx
        .select({ ...partyBalanceColumns, venueName: venues.name, currency: venues.currency })
        .from(a)
        .innerJoin(venues, eq(venues.id, a.venueId))
        .where(and(isParty, ofParties(parties)))
        .orderBy(sql`${venues.startDate} DESC NULLS LAST`, desc(venues.id), a.partyType, a.partyId);
    },

    /** Parties whose name, company or e-mail contains `search`, at most `limit`. */
    async findParties(search: string, limit: number, tx: Db = db) {
      const p = containsPattern(search);
      const person = (table: string, type: string) =>
        sql`SELECT ${type}::text AS type, t.id FROM ${sql.raw(table)} t LEFT JOIN users u ON u.id = t.user_id
          WHERE btrim(t.first_name || ' ' || t.last_name) ILIKE ${p} OR t.email ILIKE ${p} OR u.email ILIKE ${p}`;
      const company = (table: string, type: string) =>
        sql`SELECT ${type}::text AS type, t.id FROM ${sql.raw(table)} t LEFT JOIN users u ON u.id = t.user_id
          WHERE t.company_name ILIKE ${p} OR btrim(t.first_name || ' ' || t.last_name) ILIKE ${p}
            OR t.email ILIKE ${p} OR u.email ILIKE ${p}`;
      const found = sql.raw('found');
      return rowsOf<{ type: string; id: number; name: string | null; email: string | null }>(
        await tx.execute(sql`SELECT found.type, found.id,
            ${partyName(sql`${found}.type`, sql`${found}.id`)} AS name,
            ${partyEmail(sql`${found}.type`, sql`${found}.id`)} AS email
          FROM (${person('riders', 'rider')} UNION ALL ${company('employers', 'employer')}
            UNION ALL ${person('officials', 'official')} UNION ALL ${person('simple_users', 'simpleuser')} UNION ALL ${company('merchants', 'merchant')}) AS found
          ORDER BY 3, 1, 2 LIMIT ${limit}`),
      );
    },
  };
}

export type BalanceRepo = ReturnType<typeof createBalanceRepo>;
