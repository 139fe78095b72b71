import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_TERMS } from '../../server/src/demo/demo-data';
import { auditLog, users } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function call(username: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const headers = username ? await server().auth(username) : {};
  return server().app.inject({ method, url, payload, headers });
}

describe('terms and conditions', () => {
  it('publishes versions; the current one is the newest already published, readable without sign-in', async () => {
    const current = await call(null, 'GET', '/api/v1/termsAndConditions/current/');
    expect(current.json()).toEqual({
      id: 1,
      version: DEMO_TERMS.version,
      published_at: DEMO_TERMS.publishedAt.toISOString(),
      body: '',
      current: true,
    });

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call('admin', 'POST', '/api/v1/termsAndConditions/', {
      version: '2099-01',
      published_at: later,
      body: '<p>Later</p>',
    });
    expect(scheduled.statusCode).toBe(201);
    expect(scheduled.json()).toMatchObject({ version: '2099-01', current: false });
    const now = await call('admin', 'POST', '/api/v1/termsAndConditions/', { version: '2026-06', body: '<p>New</p>' });
    expect(now.json()).toMatchObject({ version: '2026-06', body: '<p>New</p>', current: true });

    expect((await call(null, 'GET', '/api/v1/termsAndConditions/current/')).json().version).toBe('2026-06');
    const list = await call('rider', 'GET', '/api/v1/termsAndConditions/');
    expect(list.json().results.map((t: { version: string; current: boolean }) => [t.version, t.current])).toEqual([
      ['2099-01', false],
      ['2026-06', true],
      [DEMO_TERMS.version, false],
    ]);

    const duplicate = await call('admin', 'POST', '/api/v1/termsAndConditions/', { version: '2026-06' });
    expect(duplicate.json()).toMatchObject({ error: 'validation', fields: { version: ['duplicate'] } });
    expect((await call('organizer', 'POST', '/api/v1/termsAndConditions/', { version: 'x' })).statusCode).toBe(403);
  });

  it('answers 404 while no terms are published', async () => {
    await server().database.db.execute('DELETE FROM terms_and_conditions');
    expect((await call(null, 'GET', '/api/v1/termsAndConditions/current/')).statusCode).toBe(404);
  });
});

describe('PATCH /api/v1/rider/acceptTC/', () => {
  it('lets a rider accept the current version and answers the current user', async () => {
    await call('admin', 'POST', '/api/v1/termsAndConditions/', { version: '2026-06' });
    const before = await call('rider', 'GET', '/api/auth/user/');
    expect(before.json()).toMatchObject({ terms_accepted: false, terms_accepted_version: DEMO_TERMS.version });

    const res = await call('rider', 'PATCH', '/api/v1/rider/acceptTC/', { version: '2026-06' });
    expect(res.statusCode).toBe(200);
    const after = await call('rider', 'GET', '/api/auth/user/');
    expect(res.json()).toEqual(after.json());
    expect(after.json()).toMatchObject({ username: 'rider', terms_accepted: true, terms_accepted_version: '2026-06' });

    const [row] = await server().database.db.select().from(users).where(eq(users.username, 'rider'));
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const audit = await server().database.db.select().from(auditLog).where(eq(auditLog.action, 'terms.accept'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: row!.id, details: { version: '2026-06' } });
  });

  it('refuses an old or unknown version and changes nothing', async () => {
    await call('admin', 'POST', '/api/v1/termsAndConditions/', { version: '2026-06' });
    for (const version of [DEMO_TERMS.version, 'nope']) {
      const res = await call('rider', 'PATCH', '/api/v1/rider/acceptTC/', { version });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { version: ['not_current'] } });
    }
    expect((await call('rider', 'PATCH', '/api/v1/rider/acceptTC/', {})).json().fields).toEqual({
      version: ['required'],
    });
    expect((await call('rider', 'GET', '/api/auth/user/')).json().terms_accepted_version).toBe(DEMO_TERMS.version);
  });

  it('is for riders only', async () => {
    for (const username of ['admin', 'official', 'employer', 'organizer']) {
      const res = await call(username, 'PATCH', '/api/v1/rider/acceptTC/', { version: DEMO_TERMS.version });
      expect(res.statusCode).toBe(403);
    }
    expect((await call(null, 'PATCH', '/api/v1/rider/acceptTC/', { version: DEMO_TERMS.version })).statusCode).toBe(
      401,
    );
  });
});
