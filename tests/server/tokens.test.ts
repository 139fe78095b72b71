import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function userIdOf(username: string): Promise<number> {
  const token = await server().login(username);
  return Number(decodeJwt(token).sub);
}

function sign(claims: Record<string, unknown>, secret = server().config.jwtSecret) {
  const { iat = now(), exp = now() + 600, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(iat as number)
    .setExpirationTime(exp as number)
    .sign(key(secret));
}

const me = (token: string) =>
  server().app.inject({ url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } });
const refresh = (token: unknown) =>
  server().app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { token } });

describe('session tokens', () => {
  it('carry sub, iat, exp (JWT_TTL_SECONDS) and orig_iat', async () => {
    const claims = decodeJwt(await server().login('admin'));
    expect(claims.sub).toMatch(/^\d+$/);
    expect(claims.exp! - claims.iat!).toBe(server().config.jwtTtlSeconds);
    expect(claims.orig_iat).toBe(claims.iat);
    expect(claims.imp).toBeUndefined();
  });

  it('refuse a token signed with another secret', async () => {
    const token = await sign(
      { sub: String(await userIdOf('admin')), orig_iat: now() },
      'another-secret-another-secret-another',
    );
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Logged out.' });
  });

  it('refuse a tampered payload', async () => {
    const [header, , signature] = (await server().login('rider')).split('.');
    const adminId = await userIdOf('admin');
    const forged = [
      header,
      b64({ sub: String(adminId), orig_iat: now(), iat: now(), exp: now() + 600 }),
      signature,
    ].join('.');
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuse alg none', async () => {
    const adminId = await userIdOf('admin');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(adminId), orig_iat: now(), iat: now(), exp: now() + 600 })}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('refuse an expired token', async () => {
    const token = await sign({
      sub: String(await userIdOf('admin')),
      orig_iat: now() - 4000,
      iat: now() - 4000,
      exp: now() - 10,
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stop working when the account is deactivated', async () => {
    const token = await server().login('stable');
    await server().database.db.update(users).set({ isActive: false }).where(eq(users.username, 'stable'));
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(token)).json().error).toBe('invalid_token');
  });

  it('refuse garbage and a missing bearer', async () => {
    expect((await me('not-a-jwt')).statusCode).toBe(401);
    expect((await server().app.inject({ url: '/api/auth/user/' })).statusCode).toBe(401);
  });
});

describe('POST /api/token/refresh/', () => {
  it('gives a new valid token with the same orig_iat', async () => {
    const original = await sign({ sub: String(await userIdOf('rider')), orig_iat: now() - 120, iat: now() - 120 });
    const res = await refresh(original);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token).not.toBe(original);
    expect(decodeJwt(token).orig_iat).toBe(decodeJwt(original).orig_iat);
    expect(decodeJwt(token).iat).toBeGreaterThan(decodeJwt(original).iat!);
    expect((await me(token)).json().username).toBe('rider');
  });

  it('refuses an expired token with 400 token_expired', async () => {
    const token = await sign({
      sub: String(await userIdOf('rider')),
      orig_iat: now() - 4000,
      iat: now() - 4000,
      exp: now() - 5,
    });
    const res = await refresh(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('token_expired');
  });

  it('refuses a session older than JWT_REFRESH_MAX_SECONDS', async () => {
    const oldSession = now() - server().config.jwtRefreshMaxSeconds - 60;
    const token = await sign({ sub: String(await userIdOf('rider')), orig_iat: oldSession });
    const res = await refresh(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('token_expired');
  });

  it('refuses a forged token with 400 invalid_token', async () => {
    const token = await sign(
      { sub: String(await userIdOf('rider')), orig_iat: now() },
      'forged-secret-forged-secret-forged-secret',
    );
    const res = await refresh(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_token', message: 'The token is invalid.' });
  });

  it('refuses a missing token with 400', async () => {
    const res = await refresh(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'missing_parameters', fields: { token: ['required'] } });
  });
});
