import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const post = (url: string, payload?: object, headers?: Record<string, string>) =>
  server().app.inject({ method: 'POST', url, payload, headers });

const newRider = {
  email: 'New.Rider@Example.com',
  first_name: 'Nina',
  last_name: 'Neu',
  role: 'rider',
  password: 'a-good-password',
  password2: 'a-good-password',
};

describe('registration', () => {
  it('registers, mails a confirmation link, and signs in only once confirmed', async () => {
    const res = await post('/api/v1/user/register/', newRider, { 'accept-language': 'fr-CH, de;q=0.8' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: expect.any(String) });

    const before = await post('/api/token/auth/', { username: 'new.rider@example.com', password: 'a-good-password' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toBe('email_not_confirmed');

    const [mail] = await server().mails();
    expect(mail!.to).toBe('new.rider@example.com');
    expect(mail!.subject).toBe('Paddock: Confirmez votre adresse e-mail');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/registration/confirm');
    const confirm = { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') };

    expect((await post('/api/v1/user/confirmEmail/', confirm)).statusCode).toBe(200);
    const again = await post('/api/v1/user/confirmEmail/', confirm);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('link_invalid');

    const signIn = await post('/api/token/auth/', { username: 'NEW.RIDER@example.com', password: 'a-good-password' });
    expect(signIn.statusCode).toBe(200);
    const me = await server().app.inject({
      url: '/api/auth/user/',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(me.json()).toMatchObject({
      username: 'new.rider@example.com',
      first_name: 'Nina',
      roles: ['rider'],
      language: 'fr',
      terms_accepted: false,
      rider_id: expect.any(Number),
      employer_id: null,
    });
  });

  it('refuses a taken address with fields.email email_taken', async () => {
    const res = await post('/api/v1/user/register/', { ...newRider, email: 'RIDER@paddock.demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: expect.any(String),
      fields: { email: ['email_taken'] },
    });
    expect(await server().mails()).toEqual([]);
  });

  it('validates every field', async () => {
    const res = await post('/api/v1/user/register/', {
      email: 'bad',
      role: 'admin',
      password: 'short',
      password2: 'other',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      email: ['invalid_email'],
      first_name: ['required'],
      last_name: ['required'],
      role: ['required'],
      password: ['password_too_short'],
    });
  });

  it('refuses a forged confirmation', async () => {
    await post('/api/v1/user/register/', newRider);
    const [mail] = await server().mails();
    const uid = new URL(mail!.links[0]!).searchParams.get('uid');
    const res = await post('/api/v1/user/confirmEmail/', { uid, token: 'lzz-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.json()).toEqual({ error: 'link_invalid', message: 'This link is invalid.' });
  });

  it('creates the profile of the chosen role', async () => {
    await post('/api/v1/user/register/', { ...newRider, email: 'boss@example.com', role: 'employer', language: 'it' });
    const [mail] = await server().mails();
    expect(mail!.subject).toBe('Paddock: Conferma il tuo indirizzo e-mail');
    const link = new URL(mail!.links[0]!);
    await post('/api/v1/user/confirmEmail/', {
      uid: link.searchParams.get('uid'),
      token: link.searchParams.get('token'),
    });
    const token = (await post('/api/token/auth/', { username: 'boss@example.com', password: 'a-good-password' })).json()
      .token;
    const me = await server().app.inject({ url: '/api/auth/user/', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({
      roles: ['employer'],
      employer_id: expect.any(Number),
      rider_id: null,
      language: 'it',
    });
  });
});
