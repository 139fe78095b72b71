import { describe, expect, it } from 'vitest';
import { parseQrCode, QR_HASH_LENGTH } from '@shared/qr';
import { ConfigError, loadConfig } from '../../server/src/config';
import { grooms } from '../../server/src/db/schema';
import { qrCodeOf, qrHash, verifyQr } from '../../server/src/security/qr';
import { pull, seedFloorFixtures } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f } = useSeededServer(seedFloorFixtures);

const SECRET = 'a-test-secret-that-is-long-enough-for-production';

describe('QR hashes (security/qr.ts)', () => {
  it('are stable, short base32 and keyed by type, id and secret', () => {
    const hash = qrHash(SECRET, 'r', 42);
    expect(hash).toMatch(new RegExp(`^[a-z2-7]{${QR_HASH_LENGTH}}$`));
    expect(qrHash(SECRET, 'r', 42)).toBe(hash);
    expect(qrHash(SECRET, 'g', 42)).not.toBe(hash);
    expect(qrHash(SECRET, 'r', 43)).not.toBe(hash);
    expect(qrHash(`${SECRET}!`, 'r', 42)).not.toBe(hash);
    const code = qrCodeOf(SECRET, 'r', 42);
    expect(code).toBe(`r42-${hash}`);
    expect(parseQrCode(code)).toMatchObject({ type: 'r', id: 42, hash });
  });

  it('verify a genuine code, bare or in the printed URL, and refuse a forged or foreign one', () => {
    const code = qrCodeOf(SECRET, 'g', 7);
    expect(verifyQr(SECRET, code)).toMatchObject({ type: 'g', id: 7 });
    expect(verifyQr(SECRET, `https://show.example/stable/qr/${code}`)).toMatchObject({ type: 'g', id: 7 });
    const last = code.at(-1) === 'a' ? 'b' : 'a';
    expect(verifyQr(SECRET, `${code.slice(0, -1)}${last}`)).toBeNull();
    expect(verifyQr(SECRET, code.replace('g7-', 'g8-'))).toBeNull();
    expect(verifyQr(SECRET, code.replace('g7-', 'r7-'))).toBeNull();
    expect(verifyQr('another-secret-another-secret-xx', code)).toBeNull();
    expect(verifyQr(SECRET, 'not a code')).toBeNull();
  });
});

describe('GET /api/v1/rider/qr/', () => {
  it("answers the rider's code and each groom's, the same as the floor snapshot carries", async () => {
    const [second] = await server()
      .database.db.insert(grooms)
      .values({ riderId: f.rider, firstName: 'Hugo', lastName: 'Pfleger' })
      .returning({ id: grooms.id });
    const res = await server().app.inject({
      method: 'GET',
      url: '/api/v1/rider/qr/',
      headers: await server().auth('rider'),
    });
    expect(res.statusCode).toBe(200);
    const secret = server().config.qrSecret;
    expect(res.json()).toEqual({
      results: [
        { type: 'r', id: f.rider, name: 'Rosa Rider', code: qrCodeOf(secret, 'r', f.rider) },
        { type: 'g', id: f.groom, name: 'Gina Groom', code: qrCodeOf(secret, 'g', f.groom) },
        { type: 'g', id: second!.id, name: 'Hugo Pfleger', code: qrCodeOf(secret, 'g', second!.id) },
      ],
    });
    for (const { code } of res.json().results) expect(verifyQr(secret, code)).not.toBeNull();
    const snapshot = (await pull(server().app, await server().auth('stable'), 1)).changes();
    expect(snapshot.riders[0]!.qr).toBe(res.json().results[0].code);
    expect(snapshot.grooms.map((g) => g.qr)).toEqual(
      res
        .json()
        .results.slice(1)
        .map((c: { code: string }) => c.code),
    );
  });

  it('is for riders only', async () => {
    const res = await server().app.inject({
      method: 'GET',
      url: '/api/v1/rider/qr/',
      headers: await server().auth('stable'),
    });
    expect(res.statusCode).toBe(403);
  });

  it('changes every code with the secret', async () => {
    const other = await server().buildApp({ QR_SECRET: SECRET });
    const res = await other.inject({ method: 'GET', url: '/api/v1/rider/qr/', headers: await server().auth('rider') });
    expect(res.json().results[0].code).toBe(qrCodeOf(SECRET, 'r', f.rider));
    expect(res.json().results[0].code).not.toBe(qrCodeOf(server().config.qrSecret, 'r', f.rider));
  });
});

describe('QR_SECRET and IDEMPOTENCY_RETENTION_DAYS', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40) };

  it('refuses the demo QR secret or a short one in production', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/QR_SECRET is the demo default/);
    expect(() => loadConfig({ ...production, QR_SECRET: 'short' })).toThrow(/QR_SECRET is too short/);
    expect(loadConfig({ ...production, QR_SECRET: SECRET }).qrSecret).toBe(SECRET);
  });

  it('keeps idempotency keys 120 days by default and never less than 90', () => {
    expect(loadConfig({}).idempotencyRetentionDays).toBe(120);
    expect(loadConfig({ IDEMPOTENCY_RETENTION_DAYS: '90' }).idempotencyRetentionDays).toBe(90);
    expect(() => loadConfig({ IDEMPOTENCY_RETENTION_DAYS: '89' })).toThrow(/IDEMPOTENCY_RETENTION_DAYS/);
  });
});
