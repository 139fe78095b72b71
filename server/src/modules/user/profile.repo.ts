import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employers, merchants, officials, riders, simpleUsers, users } from '../../db/schema';

/** Roles that come with a profile row (DOMAIN.md "People and roles"). */
export const PROFILE_TABLES = {
  rider: riders,
  employer: employers,
  official: officials,
  simpleuser: simpleUsers,
  merchant: merchants,
} as const;
export type ProfileRole = keyof typeof PROFILE_TABLES;

export interface ProfileSeed {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  companyName?: string | null;
}

export interface ProfileIds {
  riderId: number | null;
  employerId: number | null;
  officialId: number | null;
  simpleUserId: number | null;
  merchantId: number | null;
}

const idOf = (table: (typeof PROFILE_TABLES)[ProfileRole], userId: number) =>
  sql<number | null>`(SELECT ${table.id} FROM ${table} WHERE ${table.userId} = ${userId})`;

export function createProfileRepo(db: Db) {
  return {
    /** Empty profiles of one role for new accounts. */
    async insert(role: ProfileRole, seeds: ProfileSeed[], tx: Db = db): Promise<void> {
      if (!seeds.length) return;
      const rows = seeds.map((s) => ({
        userId: s.userId,
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
      }));
      if (role === 'employer' || role === 'merchant') {
        await tx
          .insert(PROFILE_TABLES[role])
          .values(rows.map((row, i) => ({ ...row, companyName: seeds[i]!.companyName ?? '' })));
      } else {
        await tx.insert(PROFILE_TABLES[role]).values(rows);
      }
    },

    async idsOf(userId: number, tx: Db = db): Promise<ProfileIds> {
      const [row] = await tx
        .select({
          riderId: idOf(riders, userId),
          employerId: idOf(employers, userId),
          officialId: idOf(officials, userId),
          simpleUserId: idOf(simpleUsers, userId),
          merchantId: idOf(merchants, userId),
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? { riderId: null, employerId: null, officialId: null, simpleUserId: null, merchantId: null };
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
