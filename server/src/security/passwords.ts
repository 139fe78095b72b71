import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: node:crypto scrypt with a random salt, stored as
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url) so the cost can rise later.
 */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return null;
  const parsed = {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
  return [parsed.N, parsed.r, parsed.p].every(Number.isSafeInteger) && parsed.key.length === KEY_LENGTH ? parsed : null;
}

/**
 * Timing-safe check. With no stored hash (unknown user, or an account without a password) it
 * still spends one hashing round at cost `N`, so the answer time does not tell them apart.
 */
export async function verifyPassword(password: string, stored: string | null, N: number): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    await scrypt(password, randomBytes(16), N, BLOCK_SIZE, PARALLELISM);
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

/** A stored hash made with a lower cost than `N` (or in an unknown format) is rehashed at the next sign-in. */
export function needsRehash(stored: string, N: number): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N < N || parsed.r !== BLOCK_SIZE || parsed.p !== PARALLELISM;
}
