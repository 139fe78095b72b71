import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
const post = (url: string, payload?: object) => server().app.inject({ method: 'POST', url, payload });
const signIn = (password: string) => post('/api/token/auth/', { username: 'rider', password });

async function requestLink(email = 'rider@paddock.demo') {
  const res = await post('/_passwordReset/', { email });
  expect(res.statusCode).toBe(200);
  const mails = await server().mails();
  expect(mails).toHaveLength(1);
  const link = new URL(mails[0]!.links[0]!);
  return { mail: mails[0]!, link, uid: link.searchParams.get('uid')!, token: link.searchParams.get('token')! };
}

describe('password reset', () => {
  it('works end to end through the mailed link, once', async () => {
    const { mail, link, uid, token } = await requestLink();
    expect(mail.to).toBe('rider@paddock.demo');
    expect(mail.subject).toBe('Paddock: Reset your password');
    expect(`${link.origin}${link.pathname}`).toBe('http://paddock.test/passwordReset');

    const check = await post('/api/v1/user/hasUsablePassword/', { username: 'rider', uid, token });
    expect(check.json()).toEqual({ has_usable_password: true, valid: true });

    const confirm = await post(`/_passwordReset/${uid}/${token}/`, {
      password: 'brand-new-secret',
      password2: 'brand-new-secret',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ detail: expect.any(String) });

    expect((await signIn('paddock-demo')).json().error).toBe('invalid_credentials');
    expect((await signIn('brand-new-secret')).statusCode).toBe(200);

    const again = await post(`/_passwordReset/${uid}/${token}/`, {
      password: 'another-secret',
      password2: 'another-secret',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'link_invalid', message: 'This link is invalid.' });
    expect((await post('/api/v1/user/hasUsablePassword/', { uid, token })).json()).toEqual({
      has_usable_password: false,
      valid: false,
    });
  });

  it('works once when the link is sent twice at the same moment', async () => {
    const { uid, token } = await requestLink();
    const use = (password: string) => post(`/_passwordReset/${uid}/${token}/`, { password, password2: password });
    const answers = await Promise.all([use('first-new-secret'), use('second-new-secret')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().error).toBe('link_invalid');
    const winner = answers[0]!.statusCode === 200 ? 'first-new-secret' : 'second-new-secret';
    const loser = winner === 'first-new-secret' ? 'second-new-secret' : 'first-new-secret';
    expect((await signIn(winner)).statusCode).toBe(200);
    expect((await signIn(loser)).json().error).toBe('invalid_credentials');
  });

  it('writes the mail in the user’s language', async () => {
    const { mail } = await requestLink('organizer@paddock.demo');
    expect(mail.subject).toBe('Paddock: Passwort zurücksetzen');
    expect(mail.text).toContain('Hallo Otto,');
    expect(mail.text).toContain('3 Tage gültig');
  });

  it('needs an e-mail: "No email specified."', async () => {
    for (const payload of [undefined, {}, { email: '' }, { email: 'not-an-address' }]) {
      const res = await post('/_passwordReset/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'no_email', message: 'No email specified.' });
    }
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await post('/_passwordReset/', { email: 'rider@paddock.demo' });
    const unknown = await post('/_passwordReset/', { email: 'nobody@paddock.demo' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect((await server().mails()).map((m) => m.to)).toEqual(['rider@paddock.demo']);
  });

  it('refuses mismatched and short passwords field by field', async () => {
    const { uid, token } = await requestLink();
    const mismatch = await post(`/_passwordReset/${uid}/${token}/`, {
      password: 'brand-new-secret',
      password2: 'other-secret',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: 'validation', fields: { password2: ['passwords_mismatch'] } });
    const short = await post(`/_passwordReset/${uid}/${token}/`, { password: 'short', password2: 'short' });
    expect(short.json()).toMatchObject({ error: 'validation', fields: { password: ['password_too_short'] } });
    expect((await signIn('paddock-demo')).statusCode).toBe(200);
  });

  it('refuses forged links', async () => {
    const { uid, token } = await requestLink();
    const body = { password: 'brand-new-secret', password2: 'brand-new-secret' };
    const otherUid = Buffer.from('1').toString('base64url');
    for (const url of [
      `/_passwordReset/${otherUid}/${token}/`,
      `/_passwordReset/${uid}/${token.slice(0, -2)}xx/`,
      `/_passwordReset/${uid}/nonsense/`,
    ]) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('link_invalid');
    }
  });

  it('voids the link once the user signs in', async () => {
    const { uid, token } = await requestLink();
    expect((await signIn('paddock-demo')).statusCode).toBe(200);
    const res = await post(`/_passwordReset/${uid}/${token}/`, {
      password: 'brand-new-secret',
      password2: 'brand-new-secret',
    });
    expect(res.json().error).toBe('link_invalid');
  });

  it('reports a mismatched username as not valid', async () => {
    const { uid, token } = await requestLink();
    expect((await post('/api/v1/user/hasUsablePassword/', { username: 'admin', uid, token })).json().valid).toBe(false);
    expect(
      (await post('/api/v1/user/hasUsablePassword/', { username: 'RIDER@paddock.demo', uid, token })).json().valid,
    ).toBe(true);
  });
});
