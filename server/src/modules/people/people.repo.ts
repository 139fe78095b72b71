import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  employers,
  merchants,
  officialParticipations,
  officials,
  riders,
  simpleUsers,
  venueParticipations,
} from '../../db/schema';
import type { Page } from '../../http/pagination';
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

/**
 * The participants of one kind at a venue: whoever has an account there (was charged or paid),
 * riders enrolled and officials working there.
 */
function participantsAt(db: Db, kind: PersonKind, venueId: number): SQL | undefined {
  const t = TABLES[kind];
  const withAccount = db
    .select({ id: accounts.partyId })
    .from(accounts)
    .where(and(eq(accounts.venueId, venueId), eq(accounts.kind, 'party'), eq(accounts.partyType, kind)));
  const scopes = [inArray(t.id, withAccount)];
  if (kind === 'rider') {
    const enrolled = db
      .select({ id: venueParticipations.riderId })
      .from(venueParticipations)
      .where(eq(venueParticipations.venueId, venueId));
    scopes.push(inArray(t.id, enrolled));
  }
  if (kind === 'official') {
    const working = db
      .select({ id: officialParticipations.officialId })
      .from(officialParticipations)
      .where(eq(officialParticipations.venueId, venueId));
    scopes.push(inArray(t.id, working));
  }
  return or(...scopes);
}

export function createPeopleRepo(db: Db) {
  return {
    /**
     * Profiles of one kind; `search` matches names, company, e-mail and FEI id. With `venueId`
     * only the venue's participants, and the e-mail is not searched (floor roles do not see it).
     */
    async search(kind: PersonKind, search: string | undefined, page: Page, venueId?: number) {
      const t = TABLES[kind];
      const c = columnsOf(kind);
      const conditions: (SQL | undefined)[] = [];
      if (venueId !== undefined) conditions.push(participantsAt(db, kind, venueId));
      if (search) {
        const pattern = containsPattern(search);
        conditions.push(
          or(
            ilike(sql`${c.firstName} || ' ' || ${c.lastName}`, pattern),
            ilike(sql`${c.lastName} || ' ' || ${c.firstName}`, pattern),
            venueId === undefined ? ilike(sql`coalesce(${c.email}, '')`, pattern) : undefined,
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
