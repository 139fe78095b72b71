import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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

    // The office renames a rider and changes a price (rows of the rider and the item).
    await db.update(consumables).set({ unitPriceMinor: 16_000 }).where(eq(consumables.id, f.box));
    await db.update(riders).set({ firstName: 'Rosalind' }).where(eq(riders.id, f.rider));
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
    const lines = streamed.body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FloorStreamLine);
    expect(lines[0]).toEqual({ protocol: first.protocol, venue: first.venue, cursor: first.cursor, reset: false });
    expect(lines.at(-1)).toEqual({ end: true, cursor: first.cursor });
    const rebuilt: Record<string, { id: number }[]> = {};
    for (const line of lines) if ('entity' in line) (rebuilt[line.entity] ??= []).push(...line.rows);
    for (const entity of FLOOR_ENTITIES) expect(rebuilt[entity] ?? [], entity).toEqual(first[entity]);
  });
});
