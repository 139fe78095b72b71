import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FloorChanges } from '../../src/shared/schemas/floor';
import { FLOOR_ENTITIES } from '../../src/shared/floor-constants';
import type { FloorStreamLine } from '../../src/shared/floor-stream';
import { consumables, grooms, participationHorses, riders, venueParticipations } from '../../server/src/db/schema';
import { pull, seedFloorFixtures, write, type FloorFixtures } from './floor-fixtures';
import { useTestServer } from './helpers/use-server';

/*
 * The changes since a recent cursor come from the process's log of recent changes
 * (server/src/modules/floor/changes-log.ts), not from the statement that reads them from the
 * tables. Both must answer the same for every cursor: each change of every kind (new, changed,
 * reversed, deleted, renamed, moved), for the roles with entries and without.
 */

const server = useTestServer();
let f: FloorFixtures;
beforeEach(async () => {
  f = await seedFloorFixtures(server().database.db);
});

/**
 * What a tablet holds after applying an answer, as the sync engine applies a streamed one: the
 * rows of every line, a later line's version of a row over an earlier one, then the tombstones.
 */
function applied(lines: FloorStreamLine[]) {
  const rows = new Map<string, unknown>();
  const gone = new Set<string>();
  for (const line of lines) {
    if ('rows' in line) for (const row of line.rows) rows.set(`${line.entity}:${row.id}`, row);
    if ('deleted' in line) for (const d of line.deleted) gone.add(`${d.entity}:${d.id}`);
  }
  for (const key of gone) rows.delete(key);
  return { rows: Object.fromEntries([...rows].sort(([a], [b]) => a.localeCompare(b))), gone: [...gone].sort() };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FloorStreamLine);

/** The JSON answer as the lines a tablet applies. */
const asLines = (changes: FloorChanges): FloorStreamLine[] => [
  ...FLOOR_ENTITIES.map((entity) => ({ entity, rows: changes[entity] }) as FloorStreamLine),
  { deleted: changes.deleted },
];

/** An answer with each list in id order (the two may send rows in another order). */
function normalised(changes: FloorChanges) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    ...changes,
    ...Object.fromEntries(FLOOR_ENTITIES.map((entity) => [entity, byId(changes[entity] as { id: number }[])])),
    deleted: [...changes.deleted].sort((a, b) => a.entity.localeCompare(b.entity) || a.id - b.id),
  };
}

describe('the log of recent floor changes', () => {
  it('answers every cursor as the tables do, for every kind of change, with and without entries', async () => {
    const db = server().database.db;
    const logged = server().app;
    const stable = await server().auth('stable');
    const desk = await server().auth('welcomedesk');
    const signin = await server().auth('signin');
    const vet = await server().auth('vetcheck');
    // The snapshots start this process's log; the cursors after each step are the ones to try.
    const cursors: Record<'stable' | 'desk', number[]> = {
      stable: [(await pull(logged, stable, 1)).changes().cursor],
      desk: [(await pull(logged, desk, 1)).changes().cursor],
    };
    const step = async () => {
      for (const [who, auth] of [
        ['stable', stable],
        ['desk', desk],
      ] as const) {
        const res = await pull(logged, auth, 1, cursors[who].at(-1));
        expect(res.statusCode, res.body).toBe(200);
        cursors[who].push(res.changes().cursor);
      }
    };

    // Hundreds of rows at once (the office imports attendees): the log compresses what it holds.
    const block = (n: number) =>
      db.execute(sql`INSERT INTO attendees (venue_id, first_name, last_name, kind)
        SELECT 1, 'Guest', 'No. ' || g, 'guest' FROM generate_series(1, ${n}::int) g`);
    // The office renames a rider and changes a price (rows of the rider and the item).
    await db.update(consumables).set({ unitPriceMinor: 16_000 }).where(eq(consumables.id, f.box));
    await db.update(riders).set({ firstName: 'Rosalind' }).where(eq(riders.id, f.rider));
    await step();
    await block(600);
    await step();
    const charge = { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, source: 'stable' };
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, key] of keys.entries()) {
      const posted = await write(
        logged,
        stable,
        'transaction/',
        { ...charge, consumable: f.box, quantity: i + 1 },
        key,
      );
      expect(posted.statusCode, posted.body).toBe(201);
    }
    await step();
    expect((await write(logged, stable, 'transaction/undo/', { venue: 1, key: keys[1] })).statusCode).toBe(204);
    const attendee = randomUUID();
    expect(
      (await write(logged, desk, 'attendee/', { venue: 1, first_name: 'Gustav', kind: 'guest' }, attendee)).statusCode,
    ).toBe(201);
    await step();
    const at = new Date().toISOString();
    expect(
      (await write(logged, desk, 'attendeeCheckin/', { attendee_key: attendee, action: 'in', occurred_at: at }))
        .statusCode,
    ).toBe(201);
    expect(
      (await write(logged, signin, 'riderSignin/', { participation: f.participation, action: 'in', occurred_at: at }))
        .statusCode,
    ).toBe(201);
    expect(
      (await write(logged, vet, 'vetInspection/', { horse: f.horse, status: 'passed', occurred_at: at })).statusCode,
    ).toBe(201);
    await step();
    // A groom's name, a new groom, a head number; then deletions (tombstones), and a groom
    // moved to another rider of the venue.
    await db.update(grooms).set({ firstName: 'Georgina' }).where(eq(grooms.id, f.groom));
    await db.insert(grooms).values({ riderId: f.rider, firstName: 'Greta', lastName: 'Groom' });
    await db.update(participationHorses).set({ headNumber: 111 }).where(eq(participationHorses.id, f.horse));
    await step();
    await db.delete(consumables).where(eq(consumables.id, f.inactive));
    await db.delete(participationHorses).where(eq(participationHorses.id, f.horse));
    const [other] = await db
      .insert(riders)
      .values({ firstName: 'Otto', lastName: 'Other' })
      .returning({ id: riders.id });
    await db
      .insert(venueParticipations)
      .values({ venueId: 1, riderId: other!.id, payerType: 'rider', payerId: other!.id });
    await step();
    await db.update(grooms).set({ riderId: other!.id }).where(eq(grooms.id, f.groom));
    await step();
    // To a rider who is not at the show (a tombstone alone), compressed with hundreds of rows,
    // then back to the first rider: an answer must not carry that tombstone after the row.
    const [away] = await db.insert(riders).values({ firstName: 'Nora', lastName: 'Away' }).returning({ id: riders.id });
    await db.update(grooms).set({ riderId: away!.id }).where(eq(grooms.id, f.groom));
    await step();
    await block(700);
    await step();
    await db.update(grooms).set({ riderId: f.rider }).where(eq(grooms.id, f.groom));
    await step();
    for (let i = 0; i < 3; i++) {
      const posted = await write(logged, stable, 'transaction/', { ...charge, consumable: f.shavings, quantity: 1 });
      expect(posted.statusCode, posted.body).toBe(201);
    }
    await step();

    // A second app on the same database has logged nothing: its answers come from the tables.
    const fromTables = await server().buildApp();
    for (const [who, auth] of [
      ['stable', stable],
      ['desk', desk],
    ] as const) {
      for (const cursor of cursors[who]) {
        const a = await pull(logged, auth, 1, cursor);
        const b = await pull(fromTables, auth, 1, cursor);
        expect(a.statusCode, a.body).toBe(200);
        expect(b.statusCode, b.body).toBe(200);
        expect(normalised(a.changes()), `${who} from ${cursor}`).toEqual(normalised(b.changes()));
        // Line by line and gzipped, from the log's compressed segments: the same rows and tombstones applied.
        const gzipped = await pull(logged, auth, 1, cursor, {
          accept: 'application/x-ndjson',
          'accept-encoding': 'gzip',
        });
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        const lines = linesOf(gunzipSync(gzipped.rawPayload).toString('utf8'));
        expect(lines[0]).toMatchObject({ cursor: b.changes().cursor, reset: false });
        expect(lines.at(-1)).toEqual({ end: true, cursor: b.changes().cursor });
        expect(applied(lines), `${who} from ${cursor}, gzipped`).toEqual(applied(asLines(b.changes())));
      }
    }
    // The money roles see the entries (the charges, the reversal), the others none.
    const first = (await pull(logged, stable, 1, cursors.stable[0])).changes();
    expect(first.transactions.map((t) => t.kind).sort()).toEqual(
      ['charge', 'charge', 'charge', 'charge', 'charge', 'charge', 'reversal'].sort(),
    );
    expect((await pull(logged, desk, 1, cursors.desk[0])).changes().transactions).toEqual([]);
    expect(first.deleted).toEqual(
      expect.arrayContaining([
        { entity: 'consumables', id: f.inactive },
        { entity: 'horses', id: f.horse },
      ]),
    );

    // Line by line, the log answers what its JSON answer holds.
    const streamed = await pull(logged, stable, 1, cursors.stable[0], { accept: 'application/x-ndjson' });
    const lines = linesOf(streamed.body);
    expect(lines[0]).toEqual({ protocol: first.protocol, venue: first.venue, cursor: first.cursor, reset: false });
    expect(lines.at(-1)).toEqual({ end: true, cursor: first.cursor });
    const rebuilt: Record<string, { id: number }[]> = {};
    for (const line of lines) if ('rows' in line) (rebuilt[line.entity] ??= []).push(...line.rows);
    for (const entity of FLOOR_ENTITIES) expect(rebuilt[entity] ?? [], entity).toEqual(first[entity]);
  });
});
