import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../server/src/db/schema';
import { rowsOf } from '../../server/src/db/rows';
import type { App } from '../../server/src/types';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const LIMIT = 3;
const limited = () => server().buildApp({ RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_REPORT_MAX: String(LIMIT) });

const post = (app: App, url: string, payload: object) => app.inject({ method: 'POST', url, payload });

describe('rate limits', () => {
  it('answer 429 rate_limited on sign-in after the configured number of attempts', async () => {
    const app = await limited();
    for (let i = 0; i < LIMIT; i++) {
      expect((await post(app, '/api/token/auth/', { username: 'admin', password: `wrong-${i}` })).statusCode).toBe(400);
    }
    const res = await post(app, '/api/token/auth/', { username: 'admin', password: 'paddock-demo' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited', params: { retry_after: expect.any(Number) } });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('key sign-in attempts by account, whatever its spelling or the address', async () => {
    const app = await limited();
    for (let i = 0; i <= LIMIT; i++) await post(app, '/api/token/auth/', { username: 'admin', password: 'wrong-pass' });
    expect((await post(app, '/api/token/auth/', { username: 'ADMIN ', password: 'wrong-pass' })).statusCode).toBe(429);
    expect((await post(app, '/api/token/auth/', { username: 'rider', password: 'paddock-demo' })).statusCode).toBe(200);
    const other = await app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'Admin@Paddock.demo', password: 'paddock-demo' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(429);
  });

  it('limit one client address over many accounts, higher than one account', async () => {
    const app = await server().buildApp({ RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_ADDRESS_MAX: '5' });
    const from = (remoteAddress: string, username: string, password = 'wrong-pass') =>
      app.inject({ method: 'POST', url: '/api/token/auth/', payload: { username, password }, remoteAddress });
    for (const name of ['nobody-1', 'nobody-2', 'nobody-3', 'nobody-4', 'organizer']) {
      expect((await from('10.0.0.1', name)).statusCode).toBe(400);
    }
    const sixth = await from('10.0.0.1', 'rider', 'paddock-demo');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'rate_limited' });
    // Neither the account nor another address is held up by that address.
    expect((await from('10.0.0.2', 'rider', 'paddock-demo')).statusCode).toBe(200);
  });

  it('count failed sign-ins only: forty tablets sign in with one floor login behind one address, guessing is held', async () => {
    const app = await limited();
    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/token/auth/',
        payload: { username: 'stable', password },
        remoteAddress: '192.0.2.7',
      });
    for (let tablet = 0; tablet < 40; tablet++) expect((await signIn('paddock-demo')).statusCode).toBe(200);
    // Failures still count, on the account and on the address, between and after the successes.
    for (let i = 0; i < LIMIT; i++) expect((await signIn(`wrong-${i}`)).statusCode).toBe(400);
    expect((await signIn('paddock-demo')).statusCode).toBe(429);
  });

  it('limit password-reset mails to many addresses from one client, and to one account from many', async () => {
    const app = await server().buildApp({ RATE_LIMIT_AUTH_MAX: String(LIMIT), RATE_LIMIT_ADDRESS_MAX: '4' });
    const reset = (remoteAddress: string, email: string) =>
      app.inject({ method: 'POST', url: '/_passwordReset/', payload: { email }, remoteAddress });
    const targets = ['admin', 'organizer', 'rider', 'nobody'].map((name) => `${name}@paddock.demo`);
    for (const email of targets) expect((await reset('10.0.0.1', email)).statusCode).toBe(200);
    expect((await reset('10.0.0.1', 'employer@paddock.demo')).statusCode).toBe(429);
    expect((await server().mails()).map((m) => m.to).sort()).toEqual(targets.slice(0, 3).sort());

    // One account's mails, asked for from many addresses in several spellings.
    const spellings = ['rider@paddock.demo', 'RIDER@paddock.demo', ' Rider@Paddock.Demo'];
    for (let i = 0; i < LIMIT - 1; i++) expect((await reset(`10.0.1.${i}`, spellings[i]!)).statusCode).toBe(200);
    expect((await reset('10.0.2.1', 'rider@paddock.demo')).statusCode).toBe(429);
    expect(await server().mails()).toHaveLength(LIMIT - 1);
  });

  it.each([
    ['/api/v1/user/magicLink/', { email: 'rider@paddock.demo' }],
    ['/_passwordReset/', { email: 'rider@paddock.demo' }],
    ['/_passwordReset/MQ/1-abc/', { password: 'a-new-password', password2: 'a-new-password' }],
    ['/api/v1/user/register/', { email: 'x@example.com' }],
    ['/api/v1/errorReport/', { kind: 'network', url: '/x', message: 'offline' }],
  ])('apply to %s', async (url, payload) => {
    const app = await limited();
    for (let i = 0; i < LIMIT; i++) expect((await post(app, url, payload)).statusCode).not.toBe(429);
    expect((await post(app, url, payload)).statusCode).toBe(429);
  });

  it('keep their counters in the database and sweep the windows that ran out', async () => {
    const db = server().database.db;
    await db.insert(rateLimits).values({
      key: '/api/token/auth/|address|10.9.9.9',
      hits: 99,
      windowStart: Date.now() - 3_600_000,
      expiresAt: new Date(Date.now() - 60_000),
    });
    const app = await limited();
    expect((await post(app, '/api/token/auth/', { username: 'rider', password: 'paddock-demo' })).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
        expect(keys.sort()).toEqual([
          '/api/token/auth/|account|user:' + (await riderId()),
          '/api/token/auth/|address|127.0.0.1',
        ]);
      },
      { timeout: 30_000 },
    );
  });
});

const riderId = async () =>
  rowsOf<{ id: number }>(await server().database.db.execute(sql`SELECT id FROM users WHERE username = 'rider'`))[0]!.id;
