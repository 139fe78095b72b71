import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authLinks } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const post = (url: string, payload?: object) => server().app.inject({ method: 'POST', url, payload });

async function mailedToken(payload: object): Promise<string> {
  const res = await post('/api/v1/user/magicLink/', payload);
  expect(res.statusCode).toBe(200);
  const [mail] = await server().mails();
  const link = new URL(mail!.links[0]!);
  expect(link.pathname).toBe('/magic-login');
  return link.searchParams.get('token')!;
}

describe('magic link', () => {
  it('signs in once with the mailed link', async () => {
    const token = await mailedToken({ email: 'rider@paddock.demo' });
    const res = await post('/api/token/magic/', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), preshow: null });
    const me = await server().app.inject({
      url: '/api/auth/user/',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().username).toBe('rider');

    const again = await post('/api/token/magic/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'link_used', message: 'This link has already been used.' });
  });

  it('carries the preshow venue', async () => {
    const token = await mailedToken({ email: 'official@paddock.demo', preshow: 1 });
    expect((await post('/api/token/magic/', { token })).json().preshow).toBe(1);
  });

  it('refuses an expired link', async () => {
    const token = await mailedToken({ email: 'rider@paddock.demo' });
    await server()
      .database.db.update(authLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authLinks.purpose, 'magic_login'));
    const res = await post('/api/token/magic/', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('link_expired');
  });

  it('refuses an unknown token', async () => {
    const res = await post('/api/token/magic/', { token: 'made-up-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('link_invalid');
    expect((await post('/api/token/magic/', {})).json().error).toBe('link_invalid');
  });

  it('answers alike for unknown addresses and mails nothing', async () => {
    const known = await post('/api/v1/user/magicLink/', { email: 'rider@paddock.demo' });
    const unknown = await post('/api/v1/user/magicLink/', { email: 'nobody@paddock.demo' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await server().mails()).map((m) => m.to)).toEqual(['rider@paddock.demo']);
  });

  it('stores only a hash of the token and mails in the user’s language', async () => {
    const res = await post('/api/v1/user/magicLink/', { email: 'merchant@paddock.demo' });
    expect(res.statusCode).toBe(200);
    const [mail] = await server().mails();
    expect(mail!.subject).toBe('Paddock: Il tuo link di accesso');
    expect(mail!.text).toContain('15 minuti');
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const rows = await server().database.db.select().from(authLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
