import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function idOf(username: string): Promise<number> {
  const res = await server().app.inject({ url: '/api/auth/user/', headers: await server().auth(username) });
  return res.json<{ id: number }>().id;
}

const impersonate = (headers: Record<string, string>, userId: unknown) =>
  server().app.inject({ method: 'POST', url: '/api/auth/user/impersonate/', headers, payload: { user_id: userId } });

describe('impersonation', () => {
  it('is refused to non-admins with 403', async () => {
    const target = await idOf('rider');
    for (const username of ['organizer', 'rider', 'multi']) {
      const res = await impersonate(await server().auth(username), target);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'Permission denied.' });
    }
  });

  it('lets an admin act as the user and come back, with audit rows', async () => {
    const adminId = await idOf('admin');
    const riderId = await idOf('rider');
    const adminHeaders = await server().auth('admin');
    const res = await impersonate(adminHeaders, riderId);
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    expect(decodeJwt(token)).toMatchObject({ sub: String(riderId), imp: adminId });

    const me = await server().app.inject({ url: '/api/auth/user/', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      id: riderId,
      roles: ['rider'],
      impersonator: { id: adminId, username: 'admin' },
    });
    // The token acts with the rider's rights: admin-only routes are closed.
    expect((await server().app.inject({ url: '/api/v1/venue/', headers: bearer(token) })).statusCode).toBe(403);

    const back = await server().app.inject({
      method: 'POST',
      url: '/api/auth/user/unimpersonate/',
      headers: bearer(token),
    });
    expect(back.statusCode).toBe(200);
    const adminAgain = await server().app.inject({ url: '/api/auth/user/', headers: bearer(back.json().token) });
    expect(adminAgain.json()).toMatchObject({ id: adminId, impersonator: null });

    const log = await server().app.inject({ url: '/api/v1/auditLog/?user=' + riderId, headers: adminHeaders });
    const rows = log.json<{ results: { action: string; actor_user_id: number; target_user_id: number }[] }>().results;
    expect(rows.filter((r) => r.action.includes('impersonate'))).toEqual([
      expect.objectContaining({ action: 'auth.unimpersonate', actor_user_id: adminId, target_user_id: riderId }),
      expect.objectContaining({ action: 'auth.impersonate', actor_user_id: adminId, target_user_id: riderId }),
    ]);
  });

  it('records what the admin does as the user with the impersonator', async () => {
    const adminId = await idOf('admin');
    const token = (await impersonate(await server().auth('admin'), await idOf('employer'))).json().token;
    await server().app.inject({ url: '/api/auth/user/logout/', headers: bearer(token) });
    const log = await server().app.inject({
      url: '/api/v1/auditLog/?action=auth.logout',
      headers: await server().auth('admin'),
    });
    expect(log.json().results[0]).toMatchObject({ impersonator_id: adminId });
  });

  it('refuses unimpersonate without impersonation, self-impersonation and unknown users', async () => {
    const adminHeaders = await server().auth('admin');
    const res = await server().app.inject({
      method: 'POST',
      url: '/api/auth/user/unimpersonate/',
      headers: adminHeaders,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('not_impersonating');
    expect((await impersonate(adminHeaders, await idOf('admin'))).json()).toMatchObject({
      fields: { user_id: ['not_allowed'] },
    });
    expect((await impersonate(adminHeaders, 99999)).statusCode).toBe(404);
    expect((await impersonate(adminHeaders, 'x')).statusCode).toBe(400);
  });

  it('is off when IMPERSONATION_ENABLED=false', async () => {
    const app = await server().buildApp({ IMPERSONATION_ENABLED: 'false' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/user/impersonate/',
      headers: await server().auth('admin'),
      payload: { user_id: await idOf('rider') },
    });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/config/' })).json().impersonation_enabled).toBe(false);
  });
});
