import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invites } from '../../db/schema';
import { nameOfParty } from '../ledger/names';
import type { OwnerType } from '@shared/schemas/owner';

export type InviteRow = typeof invites.$inferSelect;
export type NewInvite = typeof invites.$inferInsert;

/** One-time invitation links; only the SHA-256 of a token is stored. */
export function createInviteRepo(db: Db) {
  return {
    async insert(values: NewInvite, tx: Db = db): Promise<InviteRow> {
      const [row] = await tx.insert(invites).values(values).returning();
      return row!;
    },

    async findByHash(tokenHash: string, tx: Db = db): Promise<InviteRow | undefined> {
      const [row] = await tx.select().from(invites).where(eq(invites.tokenHash, tokenHash));
      return row;
    },

    /** Marks the invite used; false when someone used it first. */
    async markUsed(id: number, userId: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(invites)
        .set({ usedAt: new Date(), usedByUserId: userId })
        .where(and(eq(invites.id, id), isNull(invites.usedAt)))
        .returning({ id: invites.id });
      return rows.length === 1;
    },

    /** Earlier links of a team member or attendee stop working (they read "expired"). */
    async expireOpen(target: { teamMemberId?: number; attendeeId?: number }, tx: Db = db): Promise<void> {
      const of =
        target.teamMemberId !== undefined
          ? eq(invites.teamMemberId, target.teamMemberId)
          : eq(invites.attendeeId, target.attendeeId ?? 0);
      await tx
        .update(invites)
        .set({ expiresAt: new Date() })
        .where(and(of, isNull(invites.usedAt), gt(invites.expiresAt, new Date())));
    },

    /** An owner's display name (company or person). */
    async ownerName(type: OwnerType, id: number, tx: Db = db): Promise<string> {
      const [row] = rowsOf<{ name: string | null }>(await tx.execute(sql`SELECT ${nameOfParty(type, id)} AS name`));
      return row?.name ?? '';
    },
  };
}
