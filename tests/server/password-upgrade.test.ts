import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { hashPassword, needsRehash } from '../../server/src/security/passwords';
import { useTestServer } from './helpers/use-server';

// The demo data is hashed at the tests' N=1024; a second app on the same database asks for 2048.
const server = useTestServer();

async function storedHash(username: string): Promise<string> {
  const [row] = await server().database.db.select().from(users).where(eq(users.username, username));
  return row!.passwordHash!;
}

describe('password cost upgrade', () => {
  it('flags hashes below the configured cost or in another format', async () => {
    const cheap = await hashPassword('pw-pw-pw-pw', 1024);
    expect(needsRehash(cheap, 1024)).toBe(false);
    expect(needsRehash(cheap, 2048)).toBe(true);
    expect(needsRehash('md5$abc', 1024)).toBe(true);
  });

  it('rehashes at the configured cost on a successful sign-in, and the new hash still signs in', async () => {
    const app = await server().buildApp({ SCRYPT_N: '2048' });
    expect(await storedHash('rider')).toMatch(/^scrypt\$1024\$/);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username: 'rider', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await storedHash('rider')).toMatch(/^scrypt\$1024\$/);

    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/token/auth/',
        payload: { username: 'rider', password: 'paddock-demo' },
      });
      expect(res.statusCode).toBe(200);
      expect(await storedHash('rider')).toMatch(/^scrypt\$2048\$8\$1\$/);
    }
  });
});
