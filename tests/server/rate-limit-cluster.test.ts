import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { openDatabase, type Database } from '../../server/src/db/client';
import type { App } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const MAX = 4;
const opened: { app: App; database?: Database }[] = [];

afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database?.close();
  }
});

/**
 * Two API processes on one database. On PostgreSQL (TEST_DATABASE_URL) each app has its own
 * connection pool, as two processes would; on PGlite, which one process holds, both apps share
 * the database object — what two processes share there is the same table.
 */
async function twoProcesses(): Promise<[App, App]> {
  const { config } = server();
  const limited = { ...config, rateLimit: { ...config.rateLimit, authMax: MAX, authAddressMax: MAX * 5 } };
  const apps: App[] = [];
  for (let i = 0; i < 2; i++) {
    const database = config.databaseUrl ? await openDatabase(config) : undefined;
    const app = await buildApp({ config: limited, db: database?.db ?? server().database.db });
    opened.push({ app, database });
    apps.push(app);
  }
  return apps as [App, App];
}

let address = 0;
/** Each attempt from its own client address: only the account's counter can stop it. */
const signIn = (app: App, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/token/auth/',
    payload: { username, password },
    remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}`,
  });

describe('rate limits across API processes', () => {
  it('limit one account once, whatever spelling of it reaches whichever process', async () => {
    const [a, b] = await twoProcesses();
    const spellings = ['admin', 'Admin', 'admin@paddock.demo', ' ADMIN@Paddock.Demo '];
    for (let i = 0; i < MAX; i++) {
      const res = await signIn(i % 2 ? b : a, spellings[i % spellings.length]!, `wrong-${i}`);
      expect(res.statusCode).toBe(400);
    }
    for (const app of [a, b]) {
      const res = await signIn(app, 'admin', 'paddock-demo');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'rate_limited', params: { retry_after: expect.any(Number) } });
    }
    // Another account is not held up by it.
    expect((await signIn(b, 'rider', 'paddock-demo')).statusCode).toBe(200);
  });

  it('count attempts racing on both processes each once', async () => {
    const [a, b] = await twoProcesses();
    const spellings = ['rider', 'RIDER', 'rider@paddock.demo'];
    const answers = await Promise.all(
      Array.from({ length: MAX * 3 }, (_, i) => signIn(i % 2 ? b : a, spellings[i % 3]!, `wrong-${i}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 429)).toHaveLength(MAX);
    expect(codes.filter((c) => c === 429)).toHaveLength(MAX * 2);
  });
});
