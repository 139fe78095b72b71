import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '@shared/constants';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/schemas/floor';
import type { Device } from '@shared/schemas/devices';
import { users } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';
import { bearer, sessionCalls, type SignIn } from './sessions-fixtures';

/**
 * Sessions end on the server: after logout, a password reset, deactivation or the revocation
 * of the tablet, the old session token, its refresh and the floor device's credential are all
 * refused — not only forgotten by the device that asked.
 */

const server = useTestServer();
const app = () => server().app;
const { signIn, logout, userId } = sessionCalls(server);

const me = (token: string) => app().inject({ url: '/api/auth/user/', headers: bearer(token) });
const refresh = (token: string) => app().inject({ method: 'POST', url: '/api/token/refresh/', payload: { token } });
const exchange = (deviceToken: string, deviceId?: string) =>
  app().inject({
    method: 'POST',
    url: '/api/token/device/',
    payload: { device_token: deviceToken, ...(deviceId && { device_id: deviceId }) },
  });

/** The session, its refresh and the device credential: each still works (before) or not (after). */
async function expectAllWork(session: SignIn): Promise<void> {
  expect((await me(session.token)).statusCode).toBe(200);
  expect((await refresh(session.token)).statusCode).toBe(200);
  expect((await exchange(session.device_token!)).statusCode).toBe(200);
}

async function expectAllRefused(session: SignIn): Promise<void> {
  expect((await me(session.token)).statusCode).toBe(401);
  const refreshed = await refresh(session.token);
  expect(refreshed.statusCode).toBe(400);
  expect(refreshed.json().error).toBe('invalid_token');
  const exchanged = await exchange(session.device_token!);
  expect(exchanged.statusCode).toBe(400);
  expect(exchanged.json().error).toBe('invalid_token');
}

describe('logout', () => {
  it('ends the session on the server: the token, its refresh and the device credential are refused', async () => {
    const session = await signIn('stable');
    const other = await signIn('stable');
    await expectAllWork(session);
    expect((await logout(session.token)).statusCode).toBe(200);
    await expectAllRefused(session);
    // Only that sign-in ends: the same login on another tablet keeps working.
    await expectAllWork(other);
    // A new sign-in starts afresh.
    await expectAllWork(await signIn('stable'));
  });

  it('ends the refreshed tokens and the sessions traded for the device credential of that sign-in too', async () => {
    const session = await signIn('stable');
    const refreshed = (await refresh(session.token)).json<{ token: string }>().token;
    const traded = (await exchange(session.device_token!)).json<{ token: string }>().token;
    expect((await me(traded)).statusCode).toBe(200);
    expect((await logout(refreshed)).statusCode).toBe(200);
    for (const token of [session.token, refreshed, traded]) expect((await me(token)).statusCode).toBe(401);
    expect((await exchange(session.device_token!)).json().error).toBe('invalid_token');
  });

  it("of an impersonating admin ends the admin's sessions, never the impersonated user's", async () => {
    const admin = (await signIn('admin')).token;
    const rider = (await signIn('rider')).token;
    const acting = await app().inject({
      method: 'POST',
      url: '/api/auth/user/impersonate/',
      headers: bearer(admin),
      payload: { user_id: await userId('rider') },
    });
    const impersonation = acting.json<{ token: string }>().token;
    expect((await logout(impersonation)).statusCode).toBe(200);
    expect((await me(impersonation)).statusCode).toBe(401);
    // the admin's sign-in the impersonation began in has ended; the rider's own has not
    expect((await me(admin)).statusCode).toBe(401);
    expect((await me(rider)).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('ends every session of the user', async () => {
    const session = await signIn('stable');
    await expectAllWork(session);
    const { email } = (await me(session.token)).json<{ email: string }>();
    await app().inject({ method: 'POST', url: '/_passwordReset/', payload: { email } });
    const [mail] = await server().mails();
    const link = new URL(mail!.links[0]!);
    const uid = link.searchParams.get('uid')!;
    const token = link.searchParams.get('token')!;
    const confirm = await app().inject({
      method: 'POST',
      url: `/_passwordReset/${uid}/${encodeURIComponent(token)}/`,
      payload: { password: 'a-new-Secret-42', password2: 'a-new-Secret-42' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await expectAllRefused(session);
    await expectAllWork(await signIn('stable', randomUUID(), 'a-new-Secret-42'));
  });
});

describe('a password change', () => {
  const change = (token: string, payload: Record<string, string>) =>
    app().inject({ method: 'POST', url: '/api/auth/password/', headers: bearer(token), payload });

  it('ends every other session and device credential; this one goes on with the new token', async () => {
    const here = await signIn('stable');
    const tablet = await signIn('stable');
    const wrong = await change(here.token, {
      current_password: 'not-the-password',
      password: 'a-new-Secret-42',
      password2: 'a-new-Secret-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ current_password: ['password_incorrect'] });
    const mismatch = await change(here.token, {
      current_password: DEMO_PASSWORD,
      password: 'a-new-Secret-42',
      password2: 'a-new-Secret-43',
    });
    expect(mismatch.json().fields).toEqual({ password2: ['passwords_mismatch'] });
    // Refused: nothing changed, nothing ended.
    await expectAllWork(tablet);

    const changed = await change(here.token, {
      current_password: DEMO_PASSWORD,
      password: 'a-new-Secret-42',
      password2: 'a-new-Secret-42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { token } = changed.json<{ token: string }>();
    expect((await me(token)).statusCode).toBe(200);
    await expectAllRefused(here);
    await expectAllRefused(tablet);
    const old = await app().inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'stable', password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(400);
    await expectAllWork(await signIn('stable', randomUUID(), 'a-new-Secret-42'));
  });

  it('is not for an admin acting as someone', async () => {
    const admin = (await signIn('admin')).token;
    const acting = await app().inject({
      method: 'POST',
      url: '/api/auth/user/impersonate/',
      headers: bearer(admin),
      payload: { user_id: await userId('rider') },
    });
    const impersonation = acting.json<{ token: string }>().token;
    const res = await change(impersonation, {
      current_password: DEMO_PASSWORD,
      password: 'a-new-Secret-42',
      password2: 'a-new-Secret-42',
    });
    expect(res.statusCode).toBe(403);
    expect((await signIn('rider')).token).toBeTruthy();
  });
});

describe('deactivation', () => {
  const setActive = async (username: string, id: number, isActive: boolean) =>
    app().inject({
      method: 'PATCH',
      url: `/api/v1/user/${id}/active/`,
      headers: await server().auth(username),
      payload: { is_active: isActive },
    });

  it('by an admin ends the sessions at once, and a reactivation revives none of them', async () => {
    const session = await signIn('stable');
    await expectAllWork(session);
    const id = await userId('stable');
    const off = await setActive('admin', id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id, is_active: false });
    await expectAllRefused(session);
    const refused = await app().inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'stable', password: DEMO_PASSWORD },
    });
    expect(refused.json().error).toBe('account_inactive');
    // Active again: the old sessions stay ended (their generation is gone), a sign-in works.
    expect((await setActive('admin', id, true)).json()).toMatchObject({ id, is_active: true });
    await expectAllRefused(session);
    await expectAllWork(await signIn('stable'));
  });

  it('is for admins only, never of oneself, and changes nothing when refused', async () => {
    const id = await userId('stable');
    expect((await setActive('organizer', id, false)).statusCode).toBe(403);
    const self = await setActive('admin', await userId('admin'), false);
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ is_active: ['not_allowed'] });
    expect((await setActive('admin', 999_999, false)).statusCode).toBe(404);
    const bad = await app().inject({
      method: 'PATCH',
      url: `/api/v1/user/${id}/active/`,
      headers: await server().auth('admin'),
      payload: { is_active: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await server().database.db.select().from(users).where(eq(users.id, id));
    expect(row!.isActive).toBe(true);
    expect(row!.sessionGeneration).toBe(0);
  });
});

describe('leaving an impersonation', () => {
  it("returns to the admin's session with its original orig_iat: the refresh window is not restarted", async () => {
    const adminId = await userId('admin');
    // The admin signed in an hour ago (signed as the server signs its session tokens).
    const signedIn = Math.floor(Date.now() / 1000) - 3600;
    const admin = await new SignJWT({ orig_iat: signedIn, gen: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(adminId))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(server().config.jwtSecret));
    expect((await me(admin)).statusCode).toBe(200);
    const acting = await app().inject({
      method: 'POST',
      url: '/api/auth/user/impersonate/',
      headers: bearer(admin),
      payload: { user_id: await userId('rider') },
    });
    expect(acting.statusCode).toBe(200);
    const back = await app().inject({
      method: 'POST',
      url: '/api/auth/user/unimpersonate/',
      headers: bearer(acting.json<{ token: string }>().token),
    });
    expect(back.statusCode).toBe(200);
    const token = back.json<{ token: string }>().token;
    expect(decodeJwt(token)).toMatchObject({ sub: String(adminId), orig_iat: signedIn });
    expect(decodeJwt(token).imp).toBeUndefined();
    expect((await me(token)).json()).toMatchObject({ id: adminId, impersonator: null });
  });
});

describe('a revoked tablet', () => {
  async function revokeDevice(deviceId: string, stableToken: string): Promise<number> {
    const registered = await app().inject({
      method: 'POST',
      url: '/api/v1/device/register/',
      headers: bearer(stableToken),
      payload: { device_id: deviceId, name: 'Stable tablet 1' },
    });
    expect(registered.statusCode).toBe(201);
    const { id } = registered.json<Device>();
    const revoked = await app().inject({
      method: 'POST',
      url: `/api/v1/device/${id}/revoke/`,
      headers: await server().auth('organizer'),
    });
    expect(revoked.statusCode).toBe(200);
    return id;
  }

  const refusedAsRevoked = (res: { statusCode: number; json: () => { error?: string } }) => {
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('device_revoked');
  };

  it('is dead: its credential, its sessions (any route, whatever device a body names) and their refresh', async () => {
    const tablet = randomUUID();
    const session = await signIn('stable', tablet);
    const derived = (await exchange(session.device_token!, tablet)).json<{ token: string }>().token;
    const venue = (await me(derived)).json<{ assigned_venue: number }>().assigned_venue;
    const id = await revokeDevice(tablet, session.token);

    // The exchange: refused by the signed device id, whatever the body claims.
    refusedAsRevoked(await exchange(session.device_token!));
    refusedAsRevoked(await exchange(session.device_token!, randomUUID()));
    // Every request of a session issued on it, a read that is no floor route included.
    for (const token of [derived, session.token]) {
      refusedAsRevoked(await me(token));
      refusedAsRevoked(
        await app().inject({
          url: `/api/v1/venue/${venue}/floor/changes/?cursor=0`,
          headers: { ...bearer(token), [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) },
        }),
      );
      refusedAsRevoked(
        await app().inject({
          method: 'POST',
          url: '/api/v1/device/heartbeat/',
          headers: bearer(token),
          payload: { device_id: randomUUID(), pending_writes: 0 },
        }),
      );
      refusedAsRevoked(await refresh(token));
    }
    // A new password sign-in on it is refused too.
    const again = await app().inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'stable', password: DEMO_PASSWORD, device_id: tablet },
    });
    refusedAsRevoked(again);
    // Another tablet of the same user goes on; a restore brings this one back.
    await expectAllWork(await signIn('stable'));
    const restored = await app().inject({
      method: 'POST',
      url: `/api/v1/device/${id}/restore/`,
      headers: await server().auth('organizer'),
    });
    expect(restored.statusCode).toBe(200);
    expect((await me(derived)).statusCode).toBe(200);
    expect((await exchange(session.device_token!)).statusCode).toBe(200);
  });
});

describe('another server process on the same database', () => {
  it('refuses a logged-out session within the cache window, and a revoked tablet within its own', async () => {
    const other = await server().buildApp();
    const meThere = (token: string) => other.inject({ url: '/api/auth/user/', headers: bearer(token) });
    const session = await signIn('stable');
    const tablet = randomUUID();
    const onTablet = await signIn('welcomedesk', tablet);
    // Both are remembered there now, as on a busy server.
    expect((await meThere(session.token)).statusCode).toBe(200);
    expect((await meThere(onTablet.token)).statusCode).toBe(200);

    expect((await logout(session.token)).statusCode).toBe(200);
    const registered = await app().inject({
      method: 'POST',
      url: '/api/v1/device/register/',
      headers: bearer(onTablet.token),
      payload: { device_id: tablet },
    });
    await app().inject({
      method: 'POST',
      url: `/api/v1/device/${registered.json<Device>().id}/revoke/`,
      headers: await server().auth('organizer'),
    });
    // SESSION_CACHE_MS (2 s) and REVOKED_TTL_MS (5 s): waited for generously, never slept.
    await vi.waitFor(async () => expect((await meThere(session.token)).statusCode).toBe(401), {
      timeout: 30_000,
      interval: 200,
    });
    await vi.waitFor(async () => expect((await meThere(onTablet.token)).statusCode).toBe(403), {
      timeout: 30_000,
      interval: 200,
    });
  });
});
