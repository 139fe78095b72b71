import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, merchantParticipations, officialParticipations, venueParticipations } from '../../db/schema';
import { PROFILE_TABLES } from '../user/profile.repo';

export type PartyKind = 'rider' | 'official' | 'employer' | 'merchant' | 'simpleuser';

/**
 * "Takes part at the venue", the wall between venues for people data: whoever has an account
 * there (was charged or paid), riders enrolled, employers paying for a rider enrolled, officials
 * working there and merchants registered at the show. `id` is the column holding the party's id
 * in the query this narrows.
 */
export function takesPartAt(db: Db, kind: PartyKind, venueId: number, id: AnyPgColumn): SQL {
  const withAccount = db
    .select({ id: accounts.partyId })
    .from(accounts)
    .where(and(eq(accounts.venueId, venueId), eq(accounts.kind, 'party'), eq(accounts.partyType, kind)));
  const scopes: SQL[] = [inArray(id, withAccount)];
  if (kind === 'rider') {
    scopes.push(
      inArray(
        id,
        db
          .select({ id: venueParticipations.riderId })
          .from(venueParticipations)
          .where(eq(venueParticipations.venueId, venueId)),
      ),
    );
  }
  if (kind === 'employer') {
    scopes.push(
      inArray(
        id,
        db
          .select({ id: venueParticipations.payerId })
          .from(venueParticipations)
          .where(and(eq(venueParticipations.venueId, venueId), eq(venueParticipations.payerType, 'employer'))),
      ),
    );
  }
  if (kind === 'official') {
    scopes.push(
      inArray(
        id,
        db
          .select({ id: officialParticipations.officialId })
          .from(officialParticipations)
          .where(eq(officialParticipations.venueId, venueId)),
      ),
    );
  }
  if (kind === 'merchant') {
    scopes.push(
      inArray(
        id,
        db
          .select({ id: merchantParticipations.merchantId })
          .from(merchantParticipations)
          .where(eq(merchantParticipations.venueId, venueId)),
      ),
    );
  }
  return or(...scopes)!;
}

/** Does this party take part at the venue (see `takesPartAt`)? */
export async function isPartyAtVenue(db: Db, kind: PartyKind, partyId: number, venueId: number): Promise<boolean> {
  const table = PROFILE_TABLES[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, partyId), takesPartAt(db, kind, venueId, table.id)))
    .limit(1);
  return row !== undefined;
}
