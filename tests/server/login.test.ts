import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const login = (payload: unknown) =>
  server().app.inject({ method: 'POST', url: '/api/token/auth/', payload: payload as object });

describe('POST /api/token/auth/', () => {
  it('signs a demo user in and the token opens /api/auth/user/', async () => {
    const res = await login({ username: 'rider', password: 'paddock-demo' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const me = await server().app.inject({ url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'rider', roles: ['rider'] });
  });

  it('accepts the e-mail address in any case as the username', async () => {
    const res = await login({ username: 'Organizer@Paddock.DEMO', password: 'paddock-demo' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ password: 'paddock-demo' }, { username: ['required'] }],
    [{ username: 'admin' }, { password: ['required'] }],
    [
      { username: '', password: '' },
      { username: ['required'], password: ['required'] },
    ],
    [undefined, { username: ['required'], password: ['required'] }],
  ])('refuses missing parameters %j', async (payload, fields) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'missing_parameters', message: 'Missing parameters', fields });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await login({ username: 'admin', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody', password: 'paddock-demo' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Unable to log in with provided credentials.',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive account (after the password checks out)', async () => {
    await server().database.db.update(users).set({ isActive: false }).where(eq(users.username, 'stable'));
    expect((await login({ username: 'stable', password: 'wrong-password' })).json().error).toBe('invalid_credentials');
    const res = await login({ username: 'stable', password: 'paddock-demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('account_inactive');
  });

  it('refuses an account whose e-mail is not confirmed', async () => {
    await server().database.db.update(users).set({ emailConfirmed: false }).where(eq(users.username, 'merchant'));
    const res = await login({ username: 'merchant', password: 'paddock-demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('email_not_confirmed');
  });

  it('records sign-ins and failures in the audit log', async () => {
    await login({ username: 'rider', password: 'paddock-demo' });
    await login({ username: 'rider', password: 'nope-nope' });
    const res = await server().app.inject({
      url: '/api/v1/auditLog/?action=auth.login_failed',
      headers: await server().auth('admin'),
    });
    expect(res.json().results).toEqual([
      expect.objectContaining({ action: 'auth.login_failed', details: { username: 'rider' } }),
    ]);
  });

  it('stores the time of the last sign-in', async () => {
    await login({ username: 'official', password: 'paddock-demo' });
    const [row] = await server().database.db.select().from(users).where(eq(users.username, 'official'));
    expect(row!.lastLogin).toBeInstanceOf(Date);
  });
});
