import { and, asc, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employers, merchants, officials, riders, simpleUsers } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { partyAtVenue } from '../participation/party-at-venue';
import { containsPattern } from './search-pattern';

export const PERSON_KINDS = ['rider', 'official', 'employer', 'merchant', 'simpleuser'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

const TABLES = {
  rider: riders,
  official: officials,
  employer: employers,
  merchant: merchants,
  simpleuser: simpleUsers,
};

/** The columns a person summary needs, alike for every profile table. */
function columnsOf(kind: PersonKind) {
  const t = TABLES[kind];
  return {
    id: t.id,
    userId: t.userId,
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    companyName: 'companyName' in t ? t.companyName : sql<string>`''`,
    feiId: 'feiId' in t ? t.feiId : sql<string | null>`NULL`,
  };
}

export type PersonRow = {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string | null;
  companyName: string;
  feiId: string | null;
};

export function createPeopleRepo(db: Db) {
  return {
    /**
     * Profiles of one kind; `search` matches names, company, FEI id and, with `byEmail`, the
     * e-mail. With `venueId` only the people taking part at that venue.
     */
    async search(kind: PersonKind, search: string | undefined, page: Page, venueId?: number, byEmail = true) {
      const t = TABLES[kind];
      const c = columnsOf(kind);
      const conditions: (SQL | undefined)[] = [];
      if (venueId !== undefined) conditions.push(partyAtVenue(kind, sql`${venueId}::int`, t.id));
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          or(
            ilike(sql`${c.firstName} || ' ' || ${c.lastName}`, pattern),
            ilike(sql`${c.lastName} || ' ' || ${c.firstName}`, pattern),
            byEmail ? ilike(sql`coalesce(${c.email}, '')`, pattern) : undefined,
            ilike(sql`coalesce(${c.companyName}, '')`, pattern),
            ilike(sql`coalesce(${c.feiId}, '')`, pattern),
          ),
        );
      }
      const condition = and(...conditions);
      const [total] = await db.select({ n: count() }).from(t).where(condition);
      const rows: PersonRow[] = await db
        .select(c)
        .from(t)
        .where(condition)
        .orderBy(asc(c.lastName), asc(c.firstName), asc(c.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
