import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authLinks } from '../../db/schema';

export type AuthLinkRow = typeof authLinks.$inferSelect;

/** Expired links are kept a day so a late click still reads "expired", then purged. */
const PURGE_AFTER_MS = 24 * 3600_000;

export function createMagicLinkRepo(db: Db) {
  return {
    async insert(values: typeof authLinks.$inferInsert, tx: Db = db): Promise<void> {
      await tx.insert(authLinks).values(values);
    },

    async findByHash(tokenHash: string, tx: Db = db): Promise<AuthLinkRow | undefined> {
      const [row] = await tx.select().from(authLinks).where(eq(authLinks.tokenHash, tokenHash));
      return row;
    },

    /** Marks the link used; false when someone else used it first. */
    async markUsed(id: number, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(authLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(authLinks.id, id), isNull(authLinks.usedAt)))
        .returning({ id: authLinks.id });
      return rows.length === 1;
    },

    async purgeExpired(tx: Db = db): Promise<void> {
      await tx.delete(authLinks).where(lt(authLinks.expiresAt, new Date(Date.now() - PURGE_AFTER_MS)));
    },
  };
}
