import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '../../src/shared/floor-constants';
import type { DeviceHeartbeat } from '../../src/shared/schemas/devices';
import type { FloorBatchResult } from '../../src/shared/schemas/floor-batch';
import { rowsOf } from '../../server/src/db/rows';
import { readContexts, writeGuarded } from '../../server/src/modules/ledger/post-batch';
import { seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { ledgerCounts } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

/* The outbox's batched push: POST /api/v1/floor/writes/. */

const server = useTestServer();
let f: FloorFixtures;
beforeEach(async () => {
  f = await seedFloorFixtures(server().database.db);
});

interface BatchWrite {
  key: string;
  path: string;
  body: Record<string, unknown>;
}

/** A stable charge of `quantity` boxes for the demo rider at venue 1, from `device`. */
const charge = (quantity = 1, device = 'tablet-1', extra: Record<string, unknown> = {}): BatchWrite => ({
  key: randomUUID(),
  path: 'transaction/',
  body: {
    venue: 1,
    kind: 'charge',
    party_type: 'rider',
    party_id: f.rider,
    consumable: f.box,
    quantity,
    source: 'stable',
    device_id: device,
    ...extra,
  },
});

async function push(username: string, writes: BatchWrite[], device?: Record<string, unknown>) {
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/v1/floor/writes/',
    headers: { ...(await server().auth(username)), [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) },
    payload: { writes, ...(device && { device }) },
  });
  return Object.assign(res, { results: () => res.json<{ results: FloorBatchResult[] }>().results });
}

/** The entries posted with each key, in the order of the keys: [key, id][] (one row per entry). */
async function entriesOf(keys: string[]): Promise<{ key: string; id: number }[]> {
  return rowsOf<{ key: string; id: string }>(
    await server().database.db.execute(
      sql`SELECT idempotency_key AS key, id::text FROM transactions
        WHERE idempotency_key IN (SELECT unnest(${`{${keys.join(',')}}`}::text[])) ORDER BY transactions.id`,
    ),
  ).map((row) => ({ key: row.key, id: Number(row.id) }));
}

describe('the batched push of the floor outbox', () => {
  it('posts each write once and answers each one in order', async () => {
    const writes = [charge(1), charge(2), charge(3)];
    const res = await push('stable', writes);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.results();
    expect(results.map((r) => [r.key, r.outcome, r.status])).toEqual(writes.map((w) => [w.key, 'created', 201]));
    expect(results.map((r) => (r.body as { quantity: number }).quantity)).toEqual([1, 2, 3]);
    const entries = await entriesOf(writes.map((w) => w.key));
    expect(entries.map((e) => e.key)).toEqual(writes.map((w) => w.key));
    expect(results.map((r) => (r.body as { id: number }).id)).toEqual(entries.map((e) => e.id));
  });

  it('a batch posts what the single endpoint posts: the same entry, postings, running totals and audit', async () => {
    const db = server().database.db;
    const alone = charge(3);
    const res = await write(server().app, await server().auth('stable'), alone.path, alone.body, alone.key);
    expect(res.statusCode, res.body).toBe(201);
    const batched = [charge(3), charge(3)];
    expect((await push('stable', batched)).results().map((r) => r.outcome)).toEqual(['created', 'created']);
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`SELECT t.kind, t.party_type, t.party_id, t.quantity, t.unit_price_minor, t.net_minor,
          t.tax_minor, t.gross_minor, t.tax_rate_bp, t.vec_id, t.category, t.source, t.created_by_user_id,
          (SELECT json_agg(p.amount_minor ORDER BY p.account_id) FROM postings p WHERE p.transaction_id = t.id)::text AS postings,
          (SELECT count(*) FROM audit_log a WHERE a.action = 'transaction.create' AND (a.details->>'id')::bigint = t.id)::int AS audits,
          (SELECT count(*) FROM idempotency_keys k WHERE k.key = t.idempotency_key AND k.status_code = 201)::int AS keys
        FROM transactions t WHERE t.idempotency_key IN (${alone.key}, ${batched[0]!.key}, ${batched[1]!.key}) ORDER BY t.id`),
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ audits: 1, keys: 1 });
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual(rows[0]);
    // Double entry: every account's running total is the sum of its postings.
    const [drift] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM accounts a
        WHERE a.balance_minor <> (SELECT coalesce(sum(amount_minor), 0) FROM postings p WHERE p.account_id = a.id)`),
    );
    expect(drift!.n).toBe(0);
  });

  it('writes nothing of a set whose context changed after it was read (the single post decides then)', async () => {
    const db = server().database.db;
    const request = { user: { id: 0 }, ip: '127.0.0.1', headers: {} } as never;
    const user = (await server().app.inject({ url: '/api/auth/user/', headers: await server().auth('stable') })).json<{
      id: number;
    }>();
    const query = {
      venueId: 1,
      partyType: 'rider' as const,
      partyId: f.rider,
      riderId: f.rider,
      consumableId: f.box,
      vecId: null,
      category: null,
      taxTypeId: null,
      merchantId: null,
      occurredAt: new Date(),
      userId: user.id,
      claim: null,
    };
    const [read] = await readContexts(db, [query]);
    const counts = await ledgerCounts(db);
    // The item's price changes after the read: the guarded write refuses to write what was priced before.
    await db.execute(sql`UPDATE consumables SET unit_price_minor = unit_price_minor + 100 WHERE id = ${f.box}`);
    const written = await writeGuarded(db, request, {
      venueId: 1,
      guards: [{ query, hash: read!.hash }],
      entries: [],
      deltas: [],
      keys: [{ userId: user.id, key: randomUUID(), requestHash: 'x', status: 201, response: {} }],
      audits: [{ action: 'transaction.create', details: {} }],
    });
    expect(written).toBe(false);
    expect(await ledgerCounts(db)).toEqual(counts);
    const [again] = await readContexts(db, [query]);
    expect(again!.hash).not.toBe(read!.hash);
    expect(again!.context.consumable?.unitPrice).toBe(String(Number(read!.context.consumable!.unitPrice) + 100));
  });

  it('a key twice in one batch lands once: the second answers the first', async () => {
    const first = charge(2);
    const res = await push('stable', [first, charge(1), { ...first }]);
    expect(res.statusCode, res.body).toBe(200);
    const [a, , c] = res.results();
    expect(a!.outcome).toBe('created');
    expect(c!.outcome).toBe('replayed');
    expect(c!.body).toEqual(a!.body);
    expect(await entriesOf([first.key])).toHaveLength(1);
    // The same key with another body is the key's misuse: refused, nothing posted.
    const counts = await ledgerCounts(server().database.db);
    const misuse = await push('stable', [{ ...first, body: { ...first.body, quantity: 5 } }]);
    expect(misuse.results()[0]).toMatchObject({ outcome: 'refused', status: 422 });
    expect(await ledgerCounts(server().database.db)).toEqual(counts);
  });

  it('a batch resent after a lost answer lands each write once, also when only part of it had landed', async () => {
    const writes = Array.from({ length: 8 }, (_, i) => charge(i + 1));
    // The first three went out alone (an older client, or a batch whose answer was lost after them).
    for (const w of writes.slice(0, 3))
      expect((await write(server().app, await server().auth('stable'), w.path, w.body, w.key)).statusCode).toBe(201);
    const first = await push('stable', writes);
    expect(first.results().map((r) => r.outcome)).toEqual([...Array(3).fill('replayed'), ...Array(5).fill('created')]);
    const counts = await ledgerCounts(server().database.db);
    // The answer is lost: the device sends the same batch again.
    const again = await push('stable', writes);
    expect(again.results().map((r) => r.outcome)).toEqual(Array(8).fill('replayed'));
    expect(again.results().map((r) => r.body)).toEqual(first.results().map((r) => r.body));
    expect(await ledgerCounts(server().database.db)).toEqual(counts);
    expect(await entriesOf(writes.map((w) => w.key))).toHaveLength(8);

    // A batch of one write, resent: each kind of write answers its stored answer on its own way.
    const alone = charge(2);
    const attendee = {
      key: randomUUID(),
      path: 'attendee/',
      body: { venue: 1, first_name: 'Gustav', kind: 'guest', device_id: 'tablet-1' },
    };
    for (const [username, one] of [
      ['stable', alone],
      ['welcomedesk', attendee],
    ] as const) {
      const once = await push(username, [one]);
      const twice = await push(username, [one]);
      expect([once.results()[0]!.outcome, twice.results()[0]!.outcome]).toEqual(['created', 'replayed']);
      expect(twice.results()[0]!.body).toEqual(once.results()[0]!.body);
    }
    expect(await entriesOf([alone.key])).toHaveLength(1);
  });

  it('a refused 37th write is answered with its field errors; the other 49 land', async () => {
    const writes = Array.from({ length: 50 }, () => charge(1));
    writes[36] = charge(1, 'tablet-1', { consumable: f.otherVenueConsumable });
    const before = await ledgerCounts(server().database.db);
    const res = await push('stable', writes);
    const results = res.results();
    expect(results).toHaveLength(50);
    expect(results[36]).toMatchObject({
      key: writes[36]!.key,
      outcome: 'refused',
      status: 400,
      body: { error: 'validation', fields: { consumable: ['not_at_venue'] } },
    });
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(49);
    const after = await ledgerCounts(server().database.db);
    expect(after.transactions - before.transactions).toBe(49);
    expect(await entriesOf([writes[36]!.key])).toEqual([]);
    // A body its endpoint's schema refuses is that write's refusal too, not the batch's.
    const bad = await push('stable', [charge(0), charge(1)]);
    expect(bad.results().map((r) => [r.outcome, r.status])).toEqual([
      ['refused', 400],
      ['created', 201],
    ]);
    expect((bad.results()[0]!.body as { fields: Record<string, string[]> }).fields.quantity).toBeDefined();
  });

  it('two tablets sending overlapping batches at once: each write once, in order per tablet', async () => {
    const tabletA = Array.from({ length: 20 }, () => charge(1, 'tablet-A'));
    const tabletB = Array.from({ length: 20 }, () => charge(2, 'tablet-B'));
    // Each tablet sends its queue batch after batch (the outbox waits for an answer); its second
    // batch overlaps the first (the answer to the first was lost after five writes had been
    // decided). The two tablets send at the same time.
    const send = async (tablet: BatchWrite[]) => [
      await push('stable', tablet.slice(0, 10)),
      await push('stable', tablet.slice(5, 15)),
      await push('stable', tablet.slice(10)),
    ];
    const answers = (await Promise.all([send(tabletA), send(tabletB)])).flat();
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      for (const result of answer.results()) expect(['created', 'replayed']).toContain(result.outcome);
    }
    for (const tablet of [tabletA, tabletB]) {
      const entries = await entriesOf(tablet.map((w) => w.key));
      // once each, and the server's order (ids) is the tablet's order
      expect(entries.map((e) => e.key)).toEqual(tablet.map((w) => w.key));
    }
  });

  it("checks each write as its own endpoint: the role's writes, the caller's venue only", async () => {
    const db = server().database.db;
    // The welcome desk may add attendees, not charge.
    const attendee = {
      key: randomUUID(),
      path: 'attendee/',
      body: { venue: 1, first_name: 'Ada', last_name: 'Guest', kind: 'guest', device_id: 'desk-1' },
    };
    const desk = await push('welcomedesk', [charge(1), attendee]);
    expect(desk.results().map((r) => [r.outcome, r.status])).toEqual([
      ['refused', 403],
      ['created', 201],
    ]);
    const before = await ledgerCounts(db);
    // Another venue's stable names venue 1 (its rider, its item): every write refused, nothing changed.
    const foreign = await push('stable2', [charge(1), charge(1, 'x', { venue: f.venue2 })]);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.results().every((r) => r.outcome === 'refused')).toBe(true);
    expect(await ledgerCounts(db)).toEqual(before);
  });

  it('refuses a write of a revoked device, and more than 100 writes or an old client at once', async () => {
    const call = async (username: string, url: string, payload?: Record<string, unknown>) =>
      server().app.inject({ method: 'POST', url, headers: await server().auth(username), payload: payload ?? {} });
    const device = randomUUID();
    const registered = await call('stable', '/api/v1/device/register/', { device_id: device, name: 'Stable tablet' });
    expect(registered.statusCode, registered.body).toBe(201);
    const revoked = await call('organizer', `/api/v1/device/${registered.json<{ id: number }>().id}/revoke/`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const counts = await ledgerCounts(server().database.db);
    const fromRevoked = await push('stable', [charge(1, device), charge(1, 'another-tablet')]);
    expect(fromRevoked.results().map((r) => [r.outcome, r.status, (r.body as { error?: string }).error])).toEqual([
      ['refused', 403, 'device_revoked'],
      ['created', 201, undefined],
    ]);
    expect((await ledgerCounts(server().database.db)).transactions).toBe(counts.transactions + 1);

    const tooMany = await push(
      'stable',
      Array.from({ length: 101 }, () => charge(1)),
    );
    expect(tooMany.statusCode).toBe(400);
    const old = await server().app.inject({
      method: 'POST',
      url: '/api/v1/floor/writes/',
      headers: { ...(await server().auth('stable')), [SYNC_PROTOCOL_HEADER]: '0' },
      payload: { writes: [charge(1)] },
    });
    expect(old.statusCode).toBe(426);
  });

  it("carries the device's heartbeat: recorded after the writes with what still waits, answered as the heartbeat", async () => {
    const db = server().database.db;
    const call = async (username: string, url: string, payload?: Record<string, unknown>) =>
      server().app.inject({ method: 'POST', url, headers: await server().auth(username), payload: payload ?? {} });
    const device = randomUUID();
    const registered = await call('stable', '/api/v1/device/register/', { device_id: device, name: 'Stable east' });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json<{ id: number }>().id;
    await db.execute(
      sql`UPDATE devices SET pending_writes = 0, last_seen_at = now() - interval '1 hour' WHERE id = ${id}`,
    );

    const beat = { device_id: device, app_version: '2.0.0', pending_writes: 7 };
    const res = await push('stable', [charge(1, device), charge(2, device)], beat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.results().map((r) => r.outcome)).toEqual(['created', 'created']);
    const answer = res.json<{ device: DeviceHeartbeat }>().device;
    expect(answer).toMatchObject({ registered: true, venue_devices: 1 });
    expect(answer.device).toMatchObject({ id, name: 'Stable east', app_version: '2.0.0', pending_writes: 7 });
    const [row] = rowsOf<{ pending: number; version: string; recent: boolean }>(
      await db.execute(sql`SELECT pending_writes AS pending, app_version AS version,
        last_seen_at > now() - interval '1 minute' AS recent FROM devices WHERE id = ${id}`),
    );
    expect(row).toEqual({ pending: 7, version: '2.0.0', recent: true });

    // A write the server cannot decide now stays queued on the device: it counts as waiting.
    const refused = await push('stable', [charge(1, device, { quantity: 0 })], { ...beat, pending_writes: 0 });
    expect(refused.results()[0]!.outcome).toBe('refused');
    expect(refused.json<{ device: DeviceHeartbeat }>().device.device!.pending_writes).toBe(0);

    // Another venue's device, or none known: not registered, and nothing recorded.
    const unknown = await push('stable', [charge(1)], { device_id: randomUUID(), pending_writes: 2 });
    expect(unknown.json<{ device: DeviceHeartbeat }>().device).toEqual({
      registered: false,
      device: null,
      venue_devices: 1,
    });
    // Without a heartbeat, a batch answers its writes only.
    expect(Object.keys((await push('stable', [charge(1)])).json<object>())).toEqual(['results']);

    // Revoked: the writes say so (device_revoked), the heartbeat answers null.
    expect((await call('organizer', `/api/v1/device/${id}/revoke/`)).statusCode).toBe(200);
    const fromRevoked = await push('stable', [charge(1, device)], beat);
    expect(fromRevoked.results()[0]).toMatchObject({ outcome: 'refused', status: 403 });
    expect(fromRevoked.json<{ device: null }>().device).toBeNull();
  });
});
