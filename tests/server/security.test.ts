import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/src/security/passwords';
import { redactUrl } from '../../server/src/http/redact-url';
import { createUserTokens, decodeUid, encodeUid } from '../../server/src/security/user-tokens';

describe('password hashes', () => {
  it('are scrypt$N$r$p$salt$hash with a random salt and verify timing-safely', async () => {
    const a = await hashPassword('correct horse', 1024);
    const b = await hashPassword('correct horse', 1024);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a, 1024)).toBe(true);
    expect(await verifyPassword('correct horsE', a, 1024)).toBe(false);
  });

  it('verify with the cost stored in the hash', async () => {
    const cheap = await hashPassword('pw-pw-pw-pw', 1024);
    expect(await verifyPassword('pw-pw-pw-pw', cheap, 1 << 15)).toBe(true);
  });

  it('refuse missing and malformed hashes', async () => {
    expect(await verifyPassword('anything', null, 1024)).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc', 1024)).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$1024$8$1$c2FsdA$short', 1024)).toBe(false);
  });
});

describe('account link tokens', () => {
  const tokens = createUserTokens('secret-for-tests', { password_reset: 3600, confirm_email: 3600 });
  const user = { id: 7, state: 'hash|login' };

  it('check for the same user, purpose and state within the TTL', () => {
    const token = tokens.make('password_reset', user);
    expect(token).toMatch(/^[0-9a-z]+-[\w-]{32}$/);
    expect(tokens.check('password_reset', user, token)).toBe(true);
    expect(tokens.check('confirm_email', user, token)).toBe(false);
    expect(tokens.check('password_reset', { ...user, state: 'new-hash|login' }, token)).toBe(false);
    expect(tokens.check('password_reset', { ...user, id: 8 }, token)).toBe(false);
    expect(tokens.check('password_reset', user, token, Date.now() + 3601_000)).toBe(false);
  });

  it('refuse malformed tokens without throwing', () => {
    const token = tokens.make('password_reset', user);
    const [ts] = token.split('-');
    for (const bad of [
      '',
      '-',
      'nodash',
      `${ts}-`,
      `${ts}-${'é'.repeat(32)}`,
      `${ts}-${'a'.repeat(33)}`,
      `-${token}`,
    ]) {
      expect(tokens.check('password_reset', user, bad), bad).toBe(false);
    }
  });

  it('round-trip user ids as uidb64 and refuse junk', () => {
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(encodeUid(1)).toBe('MQ');
    expect(decodeUid('not base64!')).toBeNull();
    expect(decodeUid(Buffer.from('0').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('1; drop').toString('base64url'))).toBeNull();
  });
});

describe('request URLs in the log', () => {
  it('leave out one-time link tokens', () => {
    expect(redactUrl('/_passwordReset/MQ/abc-DEF/')).toBe('/_passwordReset/MQ/[redacted]/');
    expect(redactUrl('/magic-login?token=s3cret&x=1')).toBe('/magic-login?token=[redacted]&x=1');
    expect(redactUrl('/passwordReset?uid=MQ&token=1-abc')).toBe('/passwordReset?uid=MQ&token=[redacted]');
    expect(redactUrl('/api/v1/venue/1/')).toBe('/api/v1/venue/1/');
  });
});
