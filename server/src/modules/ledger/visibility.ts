import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import type { Db } from '../../db/client';
import { employments, transactions as t } from '../../db/schema';
import type { RequestUser } from '../../types';
import { createProfileRepo } from '../user/profile.repo';
import { canActOnVenue } from '../venue/venue-access';
import type { TransactionRow } from './wire';

/**
 * Who reads which entries: admins all; the venue's staff (show office and floor) their venue's;
 * a rider where they are the party or the beneficiary; an employer, official or simple user
 * where they are the party, an employer also its active employees' entries (as the rider reads
 * them); a merchant as party and the sales they made.
 */
const PARTY_ROLES: readonly Role[] = ['rider', 'employer', 'official', 'simpleuser', 'merchant'];

export interface Viewer {
  all: boolean;
  staffVenue: number | null;
  riderId: number | null;
  employerId: number | null;
  /** The riders of the employer's confirmed employments that have not ended. */
  employeeIds: number[];
  officialId: number | null;
  simpleUserId: number | null;
  merchantId: number | null;
}

async function employeesOf(db: Db, employerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: employments.riderId })
    .from(employments)
    .where(
      and(
        eq(employments.employerId, employerId),
        eq(employments.status, 'confirmed'),
        or(isNull(employments.dateTo), sql`${employments.dateTo} >= CURRENT_DATE`),
      ),
    );
  return rows.map((r) => r.id);
}

export async function viewerOf(db: Db, user: RequestUser): Promise<Viewer> {
  const none = {
    riderId: null,
    employerId: null,
    employeeIds: [],
    officialId: null,
    simpleUserId: null,
    merchantId: null,
  };
  if (user.roles.includes('admin')) return { all: true, staffVenue: null, ...none };
  const assigned = user.assignedVenueId;
  // Only staff with a money screen read their venue's entries (not the welcome desk,
  // sign-in or vet-check, even when they also hold a party role).
  const staffVenue =
    assigned !== null && can(user.roles, 'transaction.venue') && canActOnVenue(user, assigned) ? assigned : null;
  const has = (role: Role) => user.roles.includes(role);
  if (!PARTY_ROLES.some(has)) return { all: false, staffVenue, ...none };
  const ids = await createProfileRepo(db).idsOf(user.id);
  const employerId = has('employer') ? ids.employerId : null;
  return {
    all: false,
    staffVenue,
    riderId: has('rider') ? ids.riderId : null,
    employerId,
    employeeIds: employerId === null ? [] : await employeesOf(db, employerId),
    officialId: has('official') ? ids.officialId : null,
    simpleUserId: has('simpleuser') ? ids.simpleUserId : null,
    merchantId: has('merchant') ? ids.merchantId : null,
  };
}

export const isParty = (v: Viewer): boolean =>
  [v.riderId, v.employerId, v.officialId, v.simpleUserId, v.merchantId].some((id) => id !== null);

/** The entries a viewer may read, as SQL; undefined for everything. */
export function visibleTo(v: Viewer): SQL | undefined {
  if (v.all) return undefined;
  const party = (type: string, id: number) => and(eq(t.partyType, type), eq(t.partyId, id))!;
  const scopes: SQL[] = [];
  if (v.staffVenue !== null) scopes.push(eq(t.venueId, v.staffVenue));
  if (v.riderId !== null) scopes.push(party('rider', v.riderId), eq(t.beneficiaryRiderId, v.riderId));
  if (v.employerId !== null) scopes.push(party('employer', v.employerId));
  if (v.employeeIds.length) {
    scopes.push(
      and(eq(t.partyType, 'rider'), inArray(t.partyId, v.employeeIds))!,
      inArray(t.beneficiaryRiderId, v.employeeIds),
    );
  }
  if (v.officialId !== null) scopes.push(party('official', v.officialId));
  if (v.simpleUserId !== null) scopes.push(party('simpleuser', v.simpleUserId));
  if (v.merchantId !== null) scopes.push(party('merchant', v.merchantId), eq(t.merchantId, v.merchantId));
  return scopes.length ? or(...scopes) : sql`false`;
}

export function canSee(v: Viewer, row: TransactionRow): boolean {
  if (v.all || v.staffVenue === row.venueId) return true;
  const isParty = (type: string, id: number | null) => id !== null && row.partyType === type && row.partyId === id;
  return (
    isParty('rider', v.riderId) ||
    (v.riderId !== null && row.beneficiaryRiderId === v.riderId) ||
    isParty('employer', v.employerId) ||
    (row.partyType === 'rider' && v.employeeIds.includes(row.partyId)) ||
    (row.beneficiaryRiderId !== null && v.employeeIds.includes(row.beneficiaryRiderId)) ||
    isParty('official', v.officialId) ||
    isParty('simpleuser', v.simpleUserId) ||
    isParty('merchant', v.merchantId) ||
    (v.merchantId !== null && row.merchantId === v.merchantId)
  );
}
