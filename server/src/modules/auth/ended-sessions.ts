import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Notices } from '../../db/notices';
import { endedSessions } from '../../db/schema';
import { createRememberedSet, type RememberedSet } from '../../security/remembered-set';
import { keptFor } from '../../security/session-cache';

/**
 * Sessions ended by logout, by session id. The per-request session check asks the set kept in
 * memory (one query for all live rows), read again at once after a logout through this process
 * or the notice of one through another (a trigger on ended_sessions NOTIFYs `ended`), else
 * after as long as security/session-cache.ts keeps a user — like a moved-on session generation.
 */
export interface EndedSessions extends RememberedSet {
  /** Ends one sign-in's session until `expiresAt`, when no token of it can be alive any more. */
  end(sid: string, userId: number, expiresAt: Date): Promise<void>;
}

export function createEndedSessions(db: Db, notices?: Notices): EndedSessions {
  const set = createRememberedSet(
    async () => {
      const rows = await db
        .select({ sid: endedSessions.sid })
        .from(endedSessions)
        .where(sql`${endedSessions.expiresAt} > now()`);
      return rows.map((r) => r.sid);
    },
    () => keptFor(notices),
  );
  notices?.subscribe({
    notice: (payload) => {
      if (payload === 'ended') set.invalidate();
    },
    gap: () => set.invalidate(),
  });
  return {
    ...set,
    async end(sid, userId, expiresAt) {
      await db.transaction(async (tx) => {
        // rows whose sessions cannot be alive any more go with the next logout
        await tx.delete(endedSessions).where(lt(endedSessions.expiresAt, new Date()));
        await tx.insert(endedSessions).values({ sid, userId, expiresAt }).onConflictDoNothing();
      });
      set.invalidate();
    },
  };
}
