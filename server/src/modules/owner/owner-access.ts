import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { OwnerType } from '@shared/schemas/owner';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { employers, employments, riders } from '../../db/schema';
import type { RequestUser } from '../../types';
import { PROFILE_TABLES } from '../user/profile.repo';

/**
 * Who may touch an owner's sections: the owner's own user, an admin, and for a rider
 * also the employer of a confirmed employment that has not ended. Anyone else gets 404, so ids
 * of other people's records reveal nothing. Every owner-scoped service calls this first.
 */
export type OwnerAccess = 'self' | 'admin' | 'employer';

export interface Owner {
  type: OwnerType;
  id: number;
  /** The owner's login, if it has one. */
  userId: number | null;
  /** How the signed-in user reaches it. */
  access: OwnerAccess;
}

/**
 * The riders the user employs now, through an employer profile of its own: a confirmed employment
 * that has not ended. The only riders an employer sees anything of.
 */
export function currentEmployeesOf(db: Db, userId: number) {
  return db
    .select({ id: employments.riderId })
    .from(employments)
    .innerJoin(employers, eq(employers.id, employments.employerId))
    .where(
      and(
        eq(employers.userId, userId),
        eq(employments.status, 'confirmed'),
        or(isNull(employments.dateTo), sql`${employments.dateTo} >= CURRENT_DATE`),
      ),
    );
}

async function employsRider(db: Db, userId: number, riderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: riders.id })
    .from(riders)
    .where(and(eq(riders.id, riderId), inArray(riders.id, currentEmployeesOf(db, userId))))
    .limit(1);
  return row !== undefined;
}

/** Resolve an owner for the signed-in user, or throw 404 (unknown or not theirs). */
export async function ownerFor(db: Db, user: RequestUser, type: OwnerType, id: number): Promise<Owner> {
  const table = PROFILE_TABLES[type];
  const [row] = await db.select({ id: table.id, userId: table.userId }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  const base = { type, id: row.id, userId: row.userId };
  if (row.userId !== null && row.userId === user.id && user.roles.includes(type)) return { ...base, access: 'self' };
  if (user.roles.includes('admin')) return { ...base, access: 'admin' };
  if (type === 'rider' && user.roles.includes('employer') && (await employsRider(db, user.id, row.id))) {
    return { ...base, access: 'employer' };
  }
  throw new AppError('not_found');
}

/** The signed-in user's own profile of `type`, or 404 when they have none. */
export async function ownProfile(db: Db, user: RequestUser, type: OwnerType): Promise<Owner> {
  const table = PROFILE_TABLES[type];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.userId, user.id)).limit(1);
  if (!row || !user.roles.includes(type)) throw new AppError('not_found');
  return { type, id: row.id, userId: user.id, access: 'self' };
}
