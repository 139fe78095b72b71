import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL, SYNC_PROTOCOL_HEADER } from '@shared/schemas/floor';
import { seedFloorFixtures } from './floor-fixtures';
import { postEntry } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedFloorFixtures);

const decode = (encoding: unknown, body: Buffer): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('compressed API answers that are serialised by hand', () => {
  it("a posted entry's stored answer and the floor snapshot arrive whole, compressed when large", async () => {
    const auth = await server().auth('stable');
    const charge = { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box };
    for (let i = 0; i < 12; i++) {
      const posted = await server().app.inject({
        method: 'POST',
        url: '/api/v1/transaction/',
        headers: { ...auth, 'idempotency-key': crypto.randomUUID(), 'accept-encoding': 'br, gzip' },
        payload: { ...charge, source: 'stable', device_id: 'tab-1' },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const body = JSON.parse(decode(posted.headers['content-encoding'], posted.rawPayload)) as { id: number };
      expect(body.id).toBeGreaterThan(0);
    }
    // A replay answers the stored JSON, identical whatever the encoding.
    const key = crypto.randomUUID();
    const first = await postEntry(server().app, auth, { ...charge, source: 'stable', device_id: 'tab-1' }, key);
    const replay = await server().app.inject({
      method: 'POST',
      url: '/api/v1/transaction/',
      headers: { ...auth, 'idempotency-key': key, 'accept-encoding': 'gzip' },
      payload: { ...charge, source: 'stable', device_id: 'tab-1' },
    });
    expect(JSON.parse(decode(replay.headers['content-encoding'], replay.rawPayload))).toEqual(first.json());

    const url = '/api/v1/venue/1/floor/changes/?cursor=0';
    const headers = { ...auth, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) };
    const plain = await server().app.inject({ url, headers });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await server().app.inject({ url, headers: { ...headers, 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL));
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const body = JSON.parse(decode(encoding, res.rawPayload)) as { entries?: unknown[] };
      expect(Object.keys(body).sort()).toEqual(Object.keys(plain.json<object>()).sort());
    }
  });

  it('the changes since a cursor arrive compressed at once, line by line or as JSON, the same as uncompressed', async () => {
    const auth = await server().auth('stable');
    const headers = { ...auth, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL) };
    const snapshot = await server().app.inject({ url: '/api/v1/venue/1/floor/changes/?cursor=0', headers });
    const { cursor } = snapshot.json<{ cursor: number }>();
    const charge = { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box };
    for (let i = 0; i < 8; i++) {
      await postEntry(server().app, auth, { ...charge, source: 'stable', device_id: 'tab-1' }, crypto.randomUUID());
    }
    const url = `/api/v1/venue/1/floor/changes/?cursor=${cursor}`;
    for (const accept of ['application/json', 'application/x-ndjson, application/json;q=0.9']) {
      const plain = await server().app.inject({ url, headers: { ...headers, accept } });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const text = plain.body;
      expect(text).toContain('"reset":false');
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await server().app.inject({ url, headers: { ...headers, accept, 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL));
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(encoding, res.rawPayload)).toBe(text);
      }
    }
  });

  it('many changes since a cursor (thousands of rows) arrive compressed as they are sent, the same as uncompressed', async () => {
    const auth = await server().auth('welcomedesk');
    const headers = { ...auth, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL), accept: 'application/x-ndjson' };
    const snapshot = await server().app.inject({ url: '/api/v1/venue/1/floor/changes/?cursor=0', headers });
    const { cursor } = JSON.parse(snapshot.body.split('\n')[0]!) as { cursor: number };
    await db().execute(
      sql`INSERT INTO attendees (venue_id, first_name, last_name, kind)
        SELECT 1, 'Guest', 'No. ' || g, 'guest' FROM generate_series(1, 2500) g`,
    );
    const url = `/api/v1/venue/1/floor/changes/?cursor=${cursor}`;
    const plain = await server().app.inject({ url, headers });
    expect(plain.statusCode, plain.body).toBe(200);
    const lines = plain.body.split('\n').filter(Boolean);
    expect(lines.map((line) => (JSON.parse(line) as { rows?: unknown[] }).rows?.length ?? 0)).toEqual([
      0, 1000, 1000, 500, 0,
    ]);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await server().app.inject({ url, headers: { ...headers, 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(encoding, res.rawPayload)).toBe(plain.body);
    }
  });
});

describe('the floor batch', () => {
  it("answers a few writes as they are and a backlog's compressed, the same either way", async () => {
    const auth = await server().auth('stable');
    const charge = () => ({
      key: crypto.randomUUID(),
      path: 'transaction/',
      body: { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box, source: 'stable' },
    });
    const push = (writes: ReturnType<typeof charge>[]) =>
      server().app.inject({
        method: 'POST',
        url: '/api/v1/floor/writes/',
        headers: { ...auth, [SYNC_PROTOCOL_HEADER]: String(SYNC_PROTOCOL), 'accept-encoding': 'br, gzip' },
        payload: { writes },
      });
    const few = await push([charge(), charge(), charge()]);
    expect(few.statusCode, few.body).toBe(200);
    // Above the plugin's 1 KB, below the batch's own bound.
    expect(few.rawPayload.length).toBeGreaterThan(1024);
    expect(few.headers['content-encoding']).toBeUndefined();
    expect(few.json<{ results: { outcome: string }[] }>().results.map((r) => r.outcome)).toEqual(
      Array(3).fill('created'),
    );
    const backlog = await push(Array.from({ length: 20 }, charge));
    expect(backlog.statusCode).toBe(200);
    expect(backlog.headers['content-encoding']).toBe('br');
    const { results } = JSON.parse(decode('br', backlog.rawPayload)) as { results: { outcome: string }[] };
    expect(results.map((r) => r.outcome)).toEqual(Array(20).fill('created'));
  });
});
