import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import { openDatabase } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { users } from '../../server/src/db/schema';
import { SESSION_CACHE_LIVE_MS, SESSION_CACHE_MS } from '../../server/src/security/session-cache';
import type { App } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';
import { bearer, sessionCalls } from './sessions-fixtures';

/**
 * Sessions end in every API process at once on PostgreSQL, where each process has connections of
 * its own: a process learns that a user or a session changed from the database's notices. Runs
 * only on PostgreSQL (a `.pg.test.ts` file: the embedded database is owned by one process).
 */

const server = useTestServer();
const app = () => server().app;
const { signIn, logout, userId } = sessionCalls(server);

/**
 * Another API process on PostgreSQL: its own connections and its own remembered users (the
 * caches are per database connection), told of changes only by the database's notices. While it
 * listens it keeps a user for SESSION_CACHE_LIVE_MS (minutes): a refusal within the waits below
 * comes from the notice, not from the time running out.
 */
describe('another process on PostgreSQL, told by notices', () => {
  const wait = { timeout: 30_000, interval: 50 };

  async function otherProcess(): Promise<{ app: App; close: () => Promise<void> }> {
    const database = await openDatabase(server().config);
    const other = await buildApp({ config: server().config, db: database.db });
    return {
      app: other,
      close: async () => {
        await other.close();
        await database.close();
      },
    };
  }

  /** Until the other process's listening connection is up (it starts with the app). */
  async function listening(): Promise<void> {
    await vi.waitFor(async () => {
      const [row] = rowsOf<{ n: number }>(
        await server().database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'paddock-paddock_sessions' AND query ILIKE 'LISTEN%'`,
        ),
      );
      expect(row!.n).toBeGreaterThanOrEqual(2);
    }, wait);
  }

  it('refuses at once a session whose user changed by any means: a logout, a new generation in SQL, deactivation', async () => {
    expect(SESSION_CACHE_LIVE_MS).toBeGreaterThanOrEqual(60_000);
    const other = await otherProcess();
    try {
      await listening();
      const meThere = (token: string) => other.app.inject({ url: '/api/auth/user/', headers: bearer(token) });
      const loggedOut = await signIn('stable');
      const bySql = await signIn('rider');
      const deactivated = await signIn('welcomedesk');
      for (const session of [loggedOut, bySql, deactivated])
        expect((await meThere(session.token)).statusCode).toBe(200);

      // A logout through the first process: the ended session's notice.
      expect((await logout(loggedOut.token)).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await meThere(loggedOut.token)).statusCode).toBe(401), wait);
      // Kept long while it listens: a change that sends no notice (triggers off) is not seen
      // there even after SESSION_CACHE_MS; the next one, by the trigger's notice, at once.
      await server().database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.update(users).set({ sessionGeneration: 97 }).where(eq(users.username, 'rider'));
      });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_MS * 5 });
      try {
        expect((await meThere(bySql.token)).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
      // A change no process made (a tool, a migration): the users trigger's notice.
      await server().database.db.update(users).set({ sessionGeneration: 99 }).where(eq(users.username, 'rider'));
      await vi.waitFor(async () => expect((await meThere(bySql.token)).statusCode).toBe(401), wait);
      const off = await app().inject({
        method: 'PATCH',
        url: `/api/v1/user/${await userId('welcomedesk')}/active/`,
        headers: await server().auth('admin'),
        payload: { is_active: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      await vi.waitFor(async () => expect((await meThere(deactivated.token)).statusCode).toBe(401), wait);
      // The others' sessions stay good.
      expect((await meThere((await signIn('stable')).token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('forgets everything when its listening connection fails, and listens again', async () => {
    const other = await otherProcess();
    try {
      await listening();
      const meThere = (token: string) => other.app.inject({ url: '/api/auth/user/', headers: bearer(token) });
      const session = await signIn('rider');
      expect((await meThere(session.token)).statusCode).toBe(200);
      await server().database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'paddock-paddock_sessions'`,
      );
      // Sent while nobody listens: only the gap's forgetting (and the short time to live after it) refuses it.
      await server().database.db.update(users).set({ sessionGeneration: 98 }).where(eq(users.username, 'rider'));
      await vi.waitFor(async () => expect((await meThere(session.token)).statusCode).toBe(401), wait);
      await listening();
      const again = await signIn('stable');
      expect((await meThere(again.token)).statusCode).toBe(200);
      expect((await logout(again.token)).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await meThere(again.token)).statusCode).toBe(401), wait);
    } finally {
      await other.close();
    }
  });
});
