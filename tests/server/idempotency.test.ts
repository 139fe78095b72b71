import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, taxTypes } from '../../server/src/db/schema';
import {
  afterConflict,
  canonicalJson,
  idempotent,
  isClaimConflict,
  requestHash,
  type IdempotencyClaim,
} from '../../server/src/http/idempotency';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

const claim = (key: string, body: unknown = { a: 1 }): IdempotencyClaim => ({
  userId: 1,
  key,
  requestHash: requestHash('POST', '/api/v1/thing/', body),
});

/** An effect with a visible trace: one audit row per run. */
const effect = (body: unknown) => async (tx: ReturnType<typeof server>['database']['db']) => {
  await tx.insert(auditLog).values({ action: 'test.effect' });
  return { status: 201, body };
};

async function effects() {
  const [row] = await server()
    .database.db.select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'test.effect'));
  return row!.n;
}

describe('canonical request hash', () => {
  it('ignores key order at every depth and undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(requestHash('post', '/x/?q=1', { b: 1, a: 2 })).toBe(requestHash('POST', '/x', { a: 2, b: 1 }));
  });

  it('differs by method, path and body', () => {
    const base = requestHash('POST', '/x/', { a: 1 });
    expect(requestHash('PATCH', '/x/', { a: 1 })).not.toBe(base);
    expect(requestHash('POST', '/y/', { a: 1 })).not.toBe(base);
    expect(requestHash('POST', '/x/', { a: 2 })).not.toBe(base);
    expect(requestHash('POST', '/x/', { a: '1' })).not.toBe(base);
  });
});

describe('idempotent()', () => {
  it('runs the effect once and answers the stored response to a replay', async () => {
    const db = server().database.db;
    const first = await idempotent(db, claim('k1'), effect({ id: 7 }));
    const again = await idempotent(db, claim('k1'), effect({ id: 8 }));
    expect(first).toEqual({ status: 201, body: { id: 7 }, replayed: false });
    expect(again).toEqual({ status: 201, body: { id: 7 }, replayed: true });
    expect(await effects()).toBe(1);
  });

  it('refuses the same key with another request (422) and keeps keys apart per user', async () => {
    const db = server().database.db;
    await idempotent(db, claim('k2', { a: 1 }), effect({ id: 1 }));
    await expect(idempotent(db, claim('k2', { a: 2 }), effect({ id: 2 }))).rejects.toMatchObject({
      code: 'idempotency_mismatch',
      status: 422,
    });
    const other = await idempotent(db, { ...claim('k2', { a: 2 }), userId: 2 }, effect({ id: 3 }));
    expect(other.replayed).toBe(false);
    expect(await effects()).toBe(2);
  });

  it('stores nothing when the effect fails, so a corrected retry with the same key works', async () => {
    const db = server().database.db;
    const failing = async (tx: typeof db) => {
      await tx.insert(auditLog).values({ action: 'test.effect' });
      throw new Error('refused');
    };
    await expect(idempotent(db, claim('k3'), failing)).rejects.toThrow('refused');
    expect(await effects()).toBe(0);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
    expect((await idempotent(db, claim('k3'), effect({ ok: true }))).replayed).toBe(false);
    expect(await effects()).toBe(1);
  });

  it('lets concurrent requests with one key run the effect once, the others replay', async () => {
    const db = server().database.db;
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => idempotent(db, claim('k4'), effect({ n: 1 }))));
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => JSON.stringify(o.body)))).toEqual(new Set(['{"n":1}']));
    expect(await effects()).toBe(1);
  });

  it('runs without a claim as a plain transaction', async () => {
    const db = server().database.db;
    await idempotent(db, null, effect({}));
    await idempotent(db, null, effect({}));
    expect(await effects()).toBe(2);
    expect(await db.select().from(idempotencyKeys)).toEqual([]);
  });
});

describe('a write that claims its key inside one statement', () => {
  it('tells a lost claim from other unique violations, and replays what the winner stored', async () => {
    const db = server().database.db;
    const won = claim('k5');
    const row = { userId: 1, key: 'k5', requestHash: won.requestHash, statusCode: 201, response: { id: 9 } };
    await db.insert(idempotencyKeys).values(row);
    const lost = await db
      .insert(idempotencyKeys)
      .values(row)
      .catch((err: unknown) => err);
    expect(isClaimConflict(lost)).toBe(true);
    await db.insert(taxTypes).values({ code: 'T', name: 'T' });
    const other = await db
      .insert(taxTypes)
      .values({ code: 'T', name: 'T' })
      .catch((err: unknown) => err);
    expect(isClaimConflict(other)).toBe(false);
    expect(isClaimConflict(new Error('boom'))).toBe(false);
    expect(await afterConflict(db, won)).toEqual({ status: 201, body: { id: 9 }, replayed: true });
    await expect(afterConflict(db, claim('k5', { other: true }))).rejects.toMatchObject({
      code: 'idempotency_mismatch',
    });
  });
});
