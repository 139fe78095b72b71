import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendees, consumables, floorCursors, floorTombstones, idempotencyKeys } from '../../server/src/db/schema';
import { purgeFloorRecords } from '../../server/src/modules/floor/retention';
import { pull, seedFloorFixtures, write } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const purge = () => purgeFloorRecords(db(), server().config.idempotencyRetentionDays);

/** Moves a stored key's creation `days` into the past. */
const ageKey = (key: string, days: number) =>
  db()
    .update(idempotencyKeys)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(idempotencyKeys.key, key));

describe('idempotency keys are kept for months', () => {
  it('replays a key stored 89 days ago and purges one stored 121 days ago', async () => {
    const desk = await server().auth('welcomedesk');
    const kept = randomUUID();
    const old = randomUUID();
    const first = await write(app(), desk, 'attendee/', { venue: 1, first_name: 'Kept' }, kept);
    await write(app(), desk, 'attendee/', { venue: 1, first_name: 'Old' }, old);
    await ageKey(kept, 89);
    await ageKey(old, 121);

    expect(await purge()).toMatchObject({ keys: 1 });
    const keys = await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(keys.map((k) => k.key)).toEqual([kept]);

    const replay = await write(app(), desk, 'attendee/', { venue: 1, first_name: 'Kept' }, kept);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await db().select().from(attendees)).toHaveLength(2);
  });

  it('follows IDEMPOTENCY_RETENTION_DAYS', async () => {
    const desk = await server().auth('welcomedesk');
    const key = randomUUID();
    await write(app(), desk, 'attendee/', { venue: 1, first_name: 'Kept' }, key);
    await ageKey(key, 100);
    expect(await purgeFloorRecords(db(), 150)).toMatchObject({ keys: 0 });
    expect(await purgeFloorRecords(db(), 90)).toMatchObject({ keys: 1 });
  });
});

describe('floor tombstones are kept for 30 days', () => {
  it('purges older ones, and a cursor from before them gets a full snapshot', async () => {
    const stable = await server().auth('stable');
    const before = (await pull(app(), stable, 1)).changes().cursor;
    await db().delete(consumables).where(eq(consumables.id, f.inactive));
    const middle = (await pull(app(), stable, 1, before)).changes();
    expect(middle.deleted).toEqual([{ entity: 'consumables', id: f.inactive }]);
    await db().delete(consumables).where(eq(consumables.id, f.shavings));
    const [recent] = await db()
      .select({ seq: floorTombstones.seq })
      .from(floorTombstones)
      .where(eq(floorTombstones.entityId, f.shavings));

    await db()
      .update(floorTombstones)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(floorTombstones.entityId, f.inactive));
    expect(await purge()).toMatchObject({ tombstones: 1 });
    const [cursor] = await db().select().from(floorCursors).where(eq(floorCursors.venueId, 1));
    expect(cursor!.purgedSeq).toBe(middle.cursor);

    const stale = (await pull(app(), stable, 1, before)).changes();
    expect(stale.reset).toBe(true);
    expect(stale.deleted).toEqual([]);
    expect(stale.consumables.map((c) => c.id)).toEqual([f.box]);
    expect(stale.riders).toHaveLength(1);

    const fresh = (await pull(app(), stable, 1, middle.cursor)).changes();
    expect(fresh.reset).toBe(false);
    expect(fresh.deleted).toEqual([{ entity: 'consumables', id: f.shavings }]);
    expect(recent!.seq).toBeGreaterThan(middle.cursor);
  });
});
