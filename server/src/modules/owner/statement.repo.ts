import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { transactions as t } from '../../db/schema';
import { riderName } from '../ledger/names';

/** An owner as the statements see it: a party type and profile id. */
export interface StatementOwner {
  type: string;
  id: number;
}

/** A rider's entries include those their employer paid for them (beneficiary). */
export const entriesOf = (owner: StatementOwner): SQL => {
  const asParty = and(eq(t.partyType, owner.type), eq(t.partyId, owner.id))!;
  return owner.type === 'rider' ? or(asParty, eq(t.beneficiaryRiderId, owner.id))! : asParty;
};

/** One entry of an owner's statement, amounts as stored (positive; a reversal's negated). */
export interface StatementEntry {
  id: number;
  /** The venue-local day of occurrence, YYYY-MM-DD. */
  date: string;
  kind: string;
  /** A reversal's: the kind of the entry it reverses; else the entry's own. */
  originalKind: string;
  description: string;
  partyType: string;
  partyId: number;
  /** The rider the entry was for, when the party is the rider's employer. */
  beneficiary: string | null;
  quantity: number;
  unitPriceMinor: number;
  taxRateBp: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

const reversed = alias(t, 'reversed');

/**
 * The owner's entries at a venue in the order they happened: the statement downloads and the
 * detailed transaction report read them. `accountOnly`: only the entries posted to the owner's
 * own account (a rider's employer-paid entries left out), so they add up to its balance.
 */
export async function statementEntries(
  db: Db,
  owner: StatementOwner,
  venue: { id: number; timeZone: string },
  { accountOnly = false } = {},
): Promise<StatementEntry[]> {
  const whose = accountOnly ? and(eq(t.partyType, owner.type), eq(t.partyId, owner.id))! : entriesOf(owner);
  return db
    .select({
      id: t.id,
      date: sql<string>`to_char(${t.occurredAt} AT TIME ZONE ${venue.timeZone}, 'YYYY-MM-DD')`,
      kind: t.kind,
      originalKind: sql<string>`COALESCE(${reversed.kind}, ${t.kind})`,
      description: t.description,
      partyType: t.partyType,
      partyId: t.partyId,
      beneficiary: sql<
        string | null
      >`CASE WHEN ${t.beneficiaryRiderId} IS NULL THEN NULL ELSE ${riderName(t.beneficiaryRiderId)} END`,
      quantity: t.quantity,
      unitPriceMinor: t.unitPriceMinor,
      taxRateBp: t.taxRateBp,
      netMinor: t.netMinor,
      taxMinor: t.taxMinor,
      grossMinor: t.grossMinor,
    })
    .from(t)
    .leftJoin(reversed, eq(reversed.id, t.reversalOfId))
    .where(and(eq(t.venueId, venue.id), whose))
    .orderBy(asc(t.occurredAt), asc(t.id));
}
