import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@shared/constants';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/schemas/floor';
import { ConfigError, loadConfig } from '../../server/src/config';
import { users, venues } from '../../server/src/db/schema';
import { forgetUser } from '../../server/src/security/session-cache';
import { useTestServer } from './helpers/use-server';

/** The floor-device credential: issued, exchanged and refused. */

const server = useTestServer({ FLOOR_DEVICE_SESSION_HOURS: '12' });

interface LoginAnswer {
  token: string;
  device_token?: string;
  device_expires_at?: string;
}

/** A password sign-in on a device (its own id, as the app sends it), or without one. */
async function signIn(username: string, deviceId: string | null = `tablet-of-${username}`): Promise<LoginAnswer> {
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/token/auth/',
    payload: { username, password: DEMO_PASSWORD, ...(deviceId !== null && { device_id: deviceId }) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<LoginAnswer>();
}

const exchange = (device_token: unknown) =>
  server().app.inject({ method: 'POST', url: '/api/token/device/', payload: { device_token } });

const me = (token: string) =>
  server().app.inject({ url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } });

async function change(username: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  const [row] = await server().database.db.update(users).set(values).where(eq(users.username, username)).returning();
  forgetUser(server().database.db, row!.id);
}

describe('FLOOR_DEVICE_SESSION_HOURS', () => {
  it('defaults to 24 hours and accepts 1 to 168', () => {
    expect(loadConfig({}).floorDeviceSessionHours).toBe(24);
    expect(loadConfig({ FLOOR_DEVICE_SESSION_HOURS: '1' }).floorDeviceSessionHours).toBe(1);
    expect(loadConfig({ FLOOR_DEVICE_SESSION_HOURS: '168' }).floorDeviceSessionHours).toBe(168);
    for (const value of ['0', '169', '1.5', 'a day']) {
      expect(() => loadConfig({ FLOOR_DEVICE_SESSION_HOURS: value })).toThrow(ConfigError);
    }
  });
});

describe('device credential at sign-in', () => {
  it.each(['stable', 'welcomedesk', 'signin', 'vetcheck', 'organizer'])(
    'is issued to the floor role %s, FLOOR_DEVICE_SESSION_HOURS long',
    async (username) => {
      const answer = await signIn(username);
      expect(answer.device_token).toEqual(expect.any(String));
      const claims = decodeJwt(answer.device_token!);
      expect(decodeProtectedHeader(answer.device_token!).typ).toBe('device+jwt');
      expect(claims.exp! - claims.iat!).toBe(12 * 3600);
      expect(new Date(answer.device_expires_at!).getTime()).toBe(claims.exp! * 1000);
      expect(claims.sub).toBe(decodeJwt(answer.token).sub);
      // It names its device, signed: no request body can make it another.
      expect(claims.dev).toBe(`tablet-of-${username}`);
      expect(decodeJwt(answer.token).dev).toBe(`tablet-of-${username}`);
    },
  );

  it('is not issued without the signing-in device id (a credential must name its device)', async () => {
    const answer = await signIn('stable', null);
    expect(answer.token).toEqual(expect.any(String));
    expect(answer.device_token).toBeUndefined();
    expect(decodeJwt(answer.token).dev).toBeUndefined();
  });

  it.each(['admin', 'rider', 'merchant', 'official', 'employer', 'simpleuser'])(
    'is not issued to %s',
    async (username) => {
      const answer = await signIn(username);
      expect(answer.token).toEqual(expect.any(String));
      expect(answer.device_token).toBeUndefined();
      expect(answer.device_expires_at).toBeUndefined();
    },
  );

  it('is not issued to an admin who also holds a floor role, nor without an assigned venue', async () => {
    await change('organizer', { roles: ['organizer', 'admin'] });
    expect((await signIn('organizer')).device_token).toBeUndefined();
    await change('stable', { assignedVenueId: null });
    expect((await signIn('stable')).device_token).toBeUndefined();
  });
});

describe('POST /api/token/device/', () => {
  it('gives a session token of the same user that works on the API and keeps the sign-in time', async () => {
    const answer = await signIn('stable');
    const res = await exchange(answer.device_token);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(decodeJwt(token).sub).toBe(decodeJwt(answer.token).sub);
    expect(decodeJwt(token).orig_iat).toBe(decodeJwt(answer.device_token!).orig_iat);
    const user = await me(token);
    expect(user.statusCode).toBe(200);
    expect(user.json().username).toBe('stable');
  });

  it('refuses an expired device credential', async () => {
    const answer = await signIn('stable');
    const claims = decodeJwt(answer.device_token!);
    // Signed like the server does, but over: the same key, an exp in the past.
    const { createHmac } = await import('node:crypto');
    const deviceKey = createHmac('sha256', server().config.jwtSecret)
      .update('paddock floor device credential')
      .digest();
    const past = Math.floor(Date.now() / 1000) - 25 * 3600;
    const expired = await new SignJWT({
      orig_iat: past,
      venue: claims.venue,
      gen: claims.gen,
      dev: claims.dev,
      sid: claims.sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'device+jwt' })
      .setSubject(String(claims.sub))
      .setIssuedAt(past)
      .setExpirationTime(past + 12 * 3600)
      .sign(deviceKey);
    // The same key with a live exp is accepted: the refusal is the expiry.
    const live = await new SignJWT({
      orig_iat: past,
      venue: claims.venue,
      gen: claims.gen,
      dev: claims.dev,
      sid: claims.sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'device+jwt' })
      .setSubject(String(claims.sub))
      .setIssuedAt(past)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(deviceKey);
    expect((await exchange(live)).statusCode).toBe(200);
    const res = await exchange(expired);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('token_expired');
  });

  it('refuses the credential of a deactivated user', async () => {
    const answer = await signIn('welcomedesk');
    await change('welcomedesk', { isActive: false });
    const res = await exchange(answer.device_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_token');
  });

  it('refuses the credential of a user who lost the floor role', async () => {
    const answer = await signIn('vetcheck');
    await change('vetcheck', { roles: ['rider'] });
    const res = await exchange(answer.device_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_token');
  });

  it('refuses the credential of a user moved to another venue', async () => {
    const answer = await signIn('signin');
    const venue = decodeJwt(answer.device_token!).venue as number;
    const [other] = await server().database.db.insert(venues).values({ name: 'Autumn show' }).returning();
    expect(other!.id).not.toBe(venue);
    await change('signin', { assignedVenueId: other!.id });
    expect((await exchange(answer.device_token)).json().error).toBe('invalid_token');
  });

  it('refuses a session token, garbage and a missing credential', async () => {
    const answer = await signIn('stable');
    const session = await exchange(answer.token);
    expect(session.statusCode).toBe(400);
    expect(session.json().error).toBe('invalid_token');
    expect((await exchange('not-a-jwt')).json().error).toBe('invalid_token');
    const missing = await exchange(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'missing_parameters', fields: { device_token: ['required'] } });
  });
});

describe('the device credential on the API', () => {
  it('is refused as a bearer on /api/v1 and /api/auth, and cannot be refreshed', async () => {
    const answer = await signIn('stable');
    const bearer = { authorization: `Bearer ${answer.device_token}` };
    const venue = decodeJwt(answer.device_token!).venue as number;
    const floor = await server().app.inject({ url: `/api/v1/venue/${venue}/floor/changes/?cursor=0`, headers: bearer });
    expect(floor.statusCode).toBe(401);
    expect((await server().app.inject({ url: '/api/auth/user/', headers: bearer })).statusCode).toBe(401);
    // The same request with the session token works: the refusal is the credential's kind.
    const session = await server().app.inject({
      url: `/api/v1/venue/${venue}/floor/changes/?cursor=0`,
      headers: { authorization: `Bearer ${answer.token}`, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) },
    });
    expect(session.statusCode).toBe(200);
    const refreshed = await server().app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { token: answer.device_token },
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_token');
  });
});
