import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { users } from '../server/src/db/schema';
import { seedDemoData } from '../server/src/demo/seed';
import { createEndedSessions } from '../server/src/modules/auth/ended-sessions';
import { createSessionResolver } from '../server/src/modules/auth/session-resolver';
import { createRevokedKeys } from '../server/src/modules/devices/device-guard';
import { createTokenService, newSessionId } from '../server/src/security/jwt';
import { median, report, round } from './harness';

/**
 * `trust.session_check_p50_us`: what every request pays for its session check — the token, the
 * user's row (active, roles, current session generation), whether its sign-in was ended by
 * logout and, for a tablet's session, whether its device is revoked — as the server runs it on a burst of requests (the cached path; the
 * row and the revoked set are read again every few seconds, which the median leaves out).
 * The whole check is measured, not only the part generations and revocations added, so the
 * figure bounds the added cost from above. Needs no build: the check runs in this process on
 * an embedded database with the demo data.
 */

const CALLS = 20_000;
const WARM_UP = 2_000;

export async function benchTrustSession(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomUUID() + randomUUID() });
  const database = await openDatabase({ databaseUrl: null, dataDir: '' }, { inMemory: true });
  try {
    await database.migrate();
    await seedDemoData(database.db, 1024, { show: false });
    const [stable] = await database.db
      .select({ id: users.id, gen: users.sessionGeneration })
      .from(users)
      .where(eq(users.username, 'stable'));
    const tokens = createTokenService(config);
    const resolve = createSessionResolver({
      db: database.db,
      tokens,
      revokedDevices: createRevokedKeys(database.db),
      endedSessions: createEndedSessions(database.db),
    });
    // A tablet's session: the longest path (user row, generation, ended sessions, revoked devices).
    const token = await tokens.issue(stable!.id, stable!.gen, newSessionId(), randomUUID());

    for (let i = 0; i < WARM_UP; i++) await resolve(token);
    const micros: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = process.hrtime.bigint();
      const session = await resolve(token);
      micros.push(Number(process.hrtime.bigint() - started) / 1000);
      if (!session.ok) throw new Error(`the session was refused: ${session.reason}`);
    }
    report({ name: 'trust.session_check_p50_us', value: round(median(micros), 1), unit: 'µs', limit: { max: 200 } });
  } finally {
    await database.close();
  }
}
