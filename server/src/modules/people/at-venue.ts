import { and, asc, count, eq, ilike, min, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PersonAtVenue } from '@shared/schemas/participation';
import type { Db } from '../../db/client';
import { accounts, officialParticipations, officials, riders, simpleUsers, venueParticipations } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { partyBalances, partyKey } from '../participation/party-balances';
import { toPersonSummary } from './person-summary';
import { containsPattern } from './search-pattern';

export type AtVenueKind = 'rider' | 'official' | 'simpleuser';
type Listed = { count: number; results: PersonAtVenue[] };

interface PersonColumns {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  feiId?: AnyPgColumn;
}

/** `?search=`: the name ("First Last"), the e-mail or the FEI id contains it. */
function matching(table: PersonColumns, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(sql`${table.firstName} || ' ' || ${table.lastName}`, pattern),
    ilike(table.email, pattern),
    table.feiId ? ilike(table.feiId, pattern) : undefined,
  );
}

/** Riders enrolled at the venue, with their participation and the balance of whoever pays. */
async function ridersAt(db: Db, venueId: number, page: Page, search?: string): Promise<Listed> {
  const where = and(eq(venueParticipations.venueId, venueId), matching(riders, search));
  const [total] = await db
    .select({ n: count() })
    .from(venueParticipations)
    .innerJoin(riders, eq(riders.id, venueParticipations.riderId))
    .where(where);
  const rows = await db
    .select({ rider: riders, participation: venueParticipations })
    .from(venueParticipations)
    .innerJoin(riders, eq(riders.id, venueParticipations.riderId))
    .where(where)
    .orderBy(asc(riders.lastName), asc(riders.firstName), asc(riders.id))
    .limit(page.limit)
    .offset(page.offset);
  const payers = rows.map(({ participation: p }) => ({ venueId, type: p.payerType, id: p.payerId }));
  const balances = await partyBalances(db, payers);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ rider, participation }, i) => ({
      ...toPersonSummary(rider),
      participation: participation.id,
      balance: balances.get(partyKey(payers[i]!)) ?? 0,
    })),
  };
}

/** Officials working at the venue (once each, with their first participation). */
async function officialsAt(db: Db, venueId: number, page: Page, search?: string): Promise<Listed> {
  const where = and(eq(officialParticipations.venueId, venueId), matching(officials, search));
  const [total] = await db
    .select({ n: count() })
    .from(
      db
        .selectDistinct({ id: officialParticipations.officialId })
        .from(officialParticipations)
        .innerJoin(officials, eq(officials.id, officialParticipations.officialId))
        .where(where)
        .as('o'),
    );
  const rows = await db
    .select({ official: officials, participation: min(officialParticipations.id) })
    .from(officialParticipations)
    .innerJoin(officials, eq(officials.id, officialParticipations.officialId))
    .where(where)
    .groupBy(officials.id)
    .orderBy(asc(officials.lastName), asc(officials.firstName), asc(officials.id))
    .limit(page.limit)
    .offset(page.offset);
  const parties = rows.map(({ official }) => ({ venueId, type: 'official', id: official.id }));
  const balances = await partyBalances(db, parties);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ official, participation }, i) => ({
      ...toPersonSummary(official),
      participation,
      balance: balances.get(partyKey(parties[i]!)) ?? 0,
    })),
  };
}

/** Simple users with an account (entries) at the venue. */
async function simpleUsersAt(db: Db, venueId: number, page: Page, search?: string): Promise<Listed> {
  const where = and(
    eq(accounts.venueId, venueId),
    eq(accounts.kind, 'party'),
    eq(accounts.partyType, 'simpleuser'),
    matching(simpleUsers, search),
  );
  const [total] = await db
    .select({ n: count() })
    .from(accounts)
    .innerJoin(simpleUsers, eq(simpleUsers.id, accounts.partyId))
    .where(where);
  const rows = await db
    .select({ person: simpleUsers, balance: accounts.balanceMinor })
    .from(accounts)
    .innerJoin(simpleUsers, eq(simpleUsers.id, accounts.partyId))
    .where(where)
    .orderBy(asc(simpleUsers.lastName), asc(simpleUsers.firstName), asc(simpleUsers.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ person, balance }) => ({ ...toPersonSummary(person), participation: null, balance })),
  };
}

export const LIST_AT_VENUE: Record<
  AtVenueKind,
  (db: Db, venueId: number, page: Page, search?: string) => Promise<Listed>
> = {
  rider: ridersAt,
  official: officialsAt,
  simpleuser: simpleUsersAt,
};
