import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/src/context';
import { createChangesService } from '../../server/src/modules/floor/changes.service';
import type { RequestUser } from '../../server/src/types';
import type { FloorStreamLine } from '../../src/shared/floor-stream';
import type { FloorChanges } from '../../src/shared/schemas/floor';
import { pull, seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/* The floor pull streamed as newline-delimited JSON (Accept: application/x-ndjson). */

const server = useTestServer();
let f: FloorFixtures;
beforeEach(async () => {
  f = await seedFloorFixtures(server().database.db);
});

const STREAM = { accept: 'application/x-ndjson, application/json;q=0.9' };
const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FloorStreamLine);

/** `n` charges of the demo rider at venue 1, all at the same minute. */
async function charges(auth: Record<string, string>, n: number, at: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await write(
      server().app,
      auth,
      'transaction/',
      {
        venue: 1,
        kind: 'charge',
        party_type: 'rider',
        party_id: f.rider,
        consumable: f.box,
        source: 'stable',
        occurred_at: at,
      },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('the streamed floor pull', () => {
  it('answers what the JSON answer holds, line by line: header, chunks, end; entries newest first', async () => {
    const auth = await server().auth('stable');
    for (const minutes of [30, 10, 20]) {
      const res = await write(
        server().app,
        auth,
        'transaction/',
        {
          venue: 1,
          kind: 'charge',
          party_type: 'rider',
          party_id: f.rider,
          consumable: f.box,
          source: 'stable',
          occurred_at: new Date(Date.now() - minutes * 60_000).toISOString(),
        },
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const plain = (await pull(server().app, auth, 1)).changes();
    const streamed = await pull(server().app, auth, 1, 0, { accept: 'application/x-ndjson, application/json;q=0.9' });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = streamed.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FloorStreamLine);
    const [header, ...rest] = lines;
    expect(header).toEqual({ protocol: plain.protocol, venue: plain.venue, cursor: plain.cursor, reset: true });
    expect(rest.at(-1)).toEqual({ end: true, cursor: plain.cursor });
    const rebuilt: Record<string, unknown[]> = {};
    for (const line of rest) if ('entity' in line) (rebuilt[line.entity] ??= []).push(...line.rows);
    for (const entity of ['riders', 'horses', 'consumables', 'grooms'] as const) {
      expect(rebuilt[entity] ?? []).toEqual(plain[entity]);
    }
    const entries = rebuilt.transactions as FloorChanges['transactions'];
    expect([...entries].sort((a, b) => a.id - b.id)).toEqual([...plain.transactions].sort((a, b) => a.id - b.id));
    const times = entries.map((t) => t.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('reads the entries slice by slice, newest first across slices, ties of one millisecond by id', async () => {
    const auth = await server().auth('stable');
    const at = new Date(Date.now() - 60_000).toISOString();
    await charges(auth, 8, at);
    // Within one millisecond the database keeps microseconds: the wire (and the order) does not.
    await server().database.db.execute(
      sql`UPDATE transactions SET occurred_at = occurred_at + (id % 3) * interval '0.2 millisecond' WHERE venue_id = 1`,
    );
    const plain = (await pull(server().app, auth, 1)).changes();
    const me = (await server().app.inject({ method: 'GET', url: '/api/auth/user/', headers: auth })).json<{
      id: number;
      roles: string[];
    }>();
    const ctx = { db: server().database.db, config: server().config } as unknown as AppContext;
    const lines: FloorStreamLine[] = [];
    const user = { id: me.id, roles: me.roles, assignedVenueId: 1, impersonatorId: null } as RequestUser;
    const { done } = await createChangesService(ctx, { entrySlice: 3 }).stream(user, 1, 0, (line) => lines.push(line));
    await done;
    const entries = lines.flatMap((line) => ('entity' in line && line.entity === 'transactions' ? line.rows : []));
    const newestFirst = [...plain.transactions].sort((a, b) =>
      a.occurred_at === b.occurred_at ? b.id - a.id : a.occurred_at < b.occurred_at ? 1 : -1,
    );
    expect(entries.map((e) => e.id)).toEqual(newestFirst.map((e) => e.id));
    expect(entries).toEqual(newestFirst);
    expect(lines.at(-1)).toEqual({ end: true, cursor: plain.cursor });
  });

  it('refuses as the JSON answer does before any line (another venue, no session)', async () => {
    const auth = await server().auth('stable');
    const other = await pull(server().app, auth, 2, 0, STREAM);
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toMatch(/json/);
    expect((await pull(server().app, {}, 1, 0, STREAM)).statusCode).toBe(401);
    expect((await pull(server().app, auth, 999, 0, STREAM)).statusCode).toBe(404);
  });

  it('sends a desk without a money screen no entries, with the cursor the JSON answer has', async () => {
    await charges(await server().auth('stable'), 2, new Date().toISOString());
    const auth = await server().auth('welcomedesk');
    const plain = (await pull(server().app, auth, 1)).changes();
    const lines = linesOf((await pull(server().app, auth, 1, 0, STREAM)).body);
    expect(lines.some((line) => 'entity' in line && line.entity === 'transactions')).toBe(false);
    expect(lines[0]).toMatchObject({ cursor: plain.cursor, reset: true });
    expect(lines.at(-1)).toEqual({ end: true, cursor: plain.cursor });
  });

  it('sends the changes since a cursor with their tombstones', async () => {
    const auth = await server().auth('stable');
    const first = (await pull(server().app, auth, 1)).changes();
    await charges(auth, 1, new Date().toISOString());
    const plain = (await pull(server().app, auth, 1, first.cursor)).changes();
    const lines = linesOf((await pull(server().app, auth, 1, first.cursor, STREAM)).body);
    expect(lines[0]).toEqual({ protocol: plain.protocol, venue: plain.venue, cursor: plain.cursor, reset: false });
    const entries = lines.flatMap((line) => ('entity' in line && line.entity === 'transactions' ? line.rows : []));
    expect(entries).toEqual(plain.transactions);
    const deleted = lines.flatMap((line) => ('deleted' in line ? line.deleted : []));
    expect(deleted).toEqual(plain.deleted);
  });
});
