import { randomUUID } from 'node:crypto';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MAX_BULK_ROWS } from '@shared/schemas/bulk';
import {
  attendees,
  auditLog,
  consumables,
  participationHorses,
  riders,
  users,
  venues,
} from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

/** Bulk create: POST with an array on consumables, attendees and head numbers. */
const server = useTestServer();
const db = () => server().database.db;

async function post(username: string, url: string, payload: unknown, key?: string) {
  const headers: Record<string, string> = { ...(await server().auth(username)) };
  if (key) headers['idempotency-key'] = key;
  return server().app.inject({ method: 'POST', url, payload: payload as object, headers });
}

async function rowsIn(table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return row!.n;
}

/** A 400 with exactly these field errors (by row index, or `__all__` for the paste as a whole). */
function expectRefused(res: Awaited<ReturnType<typeof post>>, fields: Record<string, unknown>) {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields).toEqual(fields);
}

async function audits(action: string) {
  return db().select().from(auditLog).where(eq(auditLog.action, action));
}

/** A second show, where the demo staff (assigned to venue 1) have no say. */
async function otherVenue(): Promise<number> {
  const [venue] = await db()
    .insert(venues)
    .values({ name: 'Other Show', headNumberFrom: 1, headNumberTo: 99 })
    .returning({ id: venues.id });
  return venue!.id;
}

const article = (name: string, extra: Record<string, unknown> = {}) => ({
  venue: 1,
  name,
  category: 'feed',
  unit: 'bale',
  unit_price: 1250,
  ...extra,
});

describe('POST /api/v1/consumable/ with an array', () => {
  it('creates every row in order, audited once, and a retry with the same key does not double them', async () => {
    const before = await rowsIn(consumables);
    const key = randomUUID();
    const paste = [article('Hay'), article('Straw', { unit_price: 900 }), article('Shavings', { unit: 'bag' })];
    const res = await post('admin', '/api/v1/consumable/', paste, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((c: { name: string; unit: string }) => `${c.name}/${c.unit}`)).toEqual([
      'Hay/bale',
      'Straw/bale',
      'Shavings/bag',
    ]);
    expect(await rowsIn(consumables)).toBe(before + 3);
    const audit = await audits('consumable.bulkCreate');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ count: 3, venues: [1] });

    const retry = await post('admin', '/api/v1/consumable/', paste, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(res.json());
    expect(await rowsIn(consumables)).toBe(before + 3);
    // Without a key the same paste is refused: every article is there already.
    const again = await post('admin', '/api/v1/consumable/', paste);
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().fields)).toEqual(['0', '1', '2']);
    expect(await rowsIn(consumables)).toBe(before + 3);

    // One object still answers one article.
    const single = await post('admin', '/api/v1/consumable/', article('Carrots', { unit: 'kg' }));
    expect(single.statusCode).toBe(201);
    expect(single.json()).toMatchObject({ name: 'Carrots', unit: 'kg', venue: 1 });
  });

  it('refuses the whole paste for one bad row, with the errors under its index, and writes nothing', async () => {
    const before = await rowsIn(consumables);
    const shape = await post('admin', '/api/v1/consumable/', [
      article('Hay'),
      article('Straw'),
      article('Oats', { unit_price: -5 }),
    ]);
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({ error: 'validation', fields: { '2': { unit_price: ['too_small'] } } });
    expect(Object.keys(shape.json().fields)).toEqual(['2']);

    const checked = await post('admin', '/api/v1/consumable/', [
      article('Hay'),
      article('Straw', { tax_type: 999_999 }),
      article('Oats', { venue: 999_999 }),
      article(' HAY ', { unit: 'Bale' }),
    ]);
    expectRefused(checked, {
      '0': { name: ['duplicate'] },
      '1': { tax_type: ['does_not_exist'] },
      '2': { venue: ['does_not_exist'] },
      '3': { name: ['duplicate'] },
    });
    expect(await rowsIn(consumables)).toBe(before);
    expect(await audits('consumable.bulkCreate')).toHaveLength(0);
  });

  it('refuses an empty paste, too many rows and a caller who may not set up venues', async () => {
    const before = await rowsIn(consumables);
    const many = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => article(`Article ${i}`));
    const tooMany = await post('admin', '/api/v1/consumable/', many);
    expectRefused(tooMany, { __all__: ['too_big'] });
    const empty = await post('admin', '/api/v1/consumable/', []);
    expectRefused(empty, { __all__: ['too_small'] });
    // the floor sets up nothing (venue 1's organizer sets up its own price list)
    const stable = await post('stable', '/api/v1/consumable/', [article('Hay')]);
    expect(stable.statusCode).toBe(403);
    expect(await rowsIn(consumables)).toBe(before);
  });
});

const guest = (first: string, extra: Record<string, unknown> = {}) => ({
  venue: 1,
  first_name: first,
  last_name: 'Guest',
  ...extra,
});

describe('POST /api/v1/attendee/ with an array', () => {
  it('creates every row with a client key derived from the request key; a retry answers the same rows', async () => {
    const before = await rowsIn(attendees);
    const key = randomUUID();
    const paste = [
      guest('Ann', { badge: 'P-1' }),
      guest('Ben', { kind: 'press' }),
      guest('Cat', { email: 'cat@x.test' }),
    ];
    const res = await post('welcomedesk', '/api/v1/attendee/', paste, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((a: { key: string; first_name: string }) => [a.first_name, a.key])).toEqual([
      ['Ann', `${key}:0`],
      ['Ben', `${key}:1`],
      ['Cat', `${key}:2`],
    ]);
    const retry = await post('welcomedesk', '/api/v1/attendee/', paste, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(res.json());
    expect(await rowsIn(attendees)).toBe(before + 3);
    const audit = await audits('attendee.bulkCreate');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ count: 3, venues: [1] });

    // The same people or badges again, in one paste or against the desk's list, are refused.
    const dup = await post(
      'welcomedesk',
      '/api/v1/attendee/',
      [guest('Dan', { badge: 'p-1' }), guest('Eve'), guest('eve'), guest('Cat', { email: 'CAT@x.test' })],
      randomUUID(),
    );
    expectRefused(dup, {
      '0': { badge: ['duplicate'] },
      '1': { first_name: ['duplicate'] },
      '2': { first_name: ['duplicate'] },
      '3': { first_name: ['duplicate'] },
    });
    expect(await rowsIn(attendees)).toBe(before + 3);
  });

  it('refuses a bad row, too many rows, a missing key and another venue, writing nothing', async () => {
    const before = await rowsIn(attendees);
    const bad = await post(
      'welcomedesk',
      '/api/v1/attendee/',
      [guest('Ann'), guest('Ben', { email: 'not-an-address' }), guest('')],
      randomUUID(),
    );
    expectRefused(bad, { '1': { email: ['invalid_email'] }, '2': { first_name: ['required'] } });
    const tooMany = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => guest(`G${i}`));
    expect((await post('welcomedesk', '/api/v1/attendee/', tooMany, randomUUID())).statusCode).toBe(400);
    expect((await post('welcomedesk', '/api/v1/attendee/', [guest('Ann')])).json().error).toBe(
      'idempotency_key_required',
    );
    const other = await otherVenue();
    const foreign = await post(
      'welcomedesk',
      '/api/v1/attendee/',
      [guest('Ann'), guest('Ben', { venue: other })],
      randomUUID(),
    );
    expect(foreign.statusCode).toBe(403);
    expect((await post('stable', '/api/v1/attendee/', [guest('Ann')], randomUUID())).statusCode).toBe(403);
    expect(await rowsIn(attendees)).toBe(before);
  });
});

describe('POST /api/v1/headNumber/', () => {
  /** Two horses of one rider at venue 1, one at the other venue; their participation-horse ids. */
  async function horses() {
    const [rider] = await db()
      .select({ id: riders.id })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(eq(users.username, 'rider'));
    const horse = async (name: string) => (await post('admin', '/api/v1/horse/', { name })).json().id as number;
    const enrol = async (venue: number, names: string[]) => {
      const horseIds = [];
      for (const name of names) horseIds.push(await horse(name));
      const res = await post('admin', '/api/v1/venueParticipation/', { venue, rider: rider!.id, horses: horseIds });
      expect(res.statusCode).toBe(201);
      return (res.json().horses as { id: number }[]).map((h) => h.id);
    };
    const [alpha, bravo, charlie] = await enrol(1, ['Alpha', 'Bravo', 'Charlie']);
    const other = await otherVenue();
    const [delta] = await enrol(other, ['Delta']);
    return { alpha: alpha!, bravo: bravo!, charlie: charlie!, delta: delta! };
  }

  const numbers = async (ids: number[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ id: participationHorses.id, n: participationHorses.headNumber })
          .from(participationHorses)
          .where(inArray(participationHorses.id, ids))
      ).map((r) => [r.id, r.n]),
    );

  it('sets one or many numbers, swaps within a paste, and a retry changes nothing', async () => {
    const h = await horses();
    const one = await post('organizer', '/api/v1/headNumber/', { participation_horse: h.alpha, head_number: 7 });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({
      participation_horse: h.alpha,
      venue: 1,
      head_number: 7,
      horse: { name: 'Alpha' },
    });

    const key = randomUUID();
    const paste = [
      { participation_horse: h.bravo, head_number: 7 },
      { participation_horse: h.alpha, head_number: 8 },
      { participation_horse: h.charlie, head_number: 9 },
    ];
    const res = await post('organizer', '/api/v1/headNumber/', paste, key);
    expect(res.statusCode).toBe(201);
    expect(
      res.json().map((r: { horse: { name: string }; head_number: number }) => [r.horse.name, r.head_number]),
    ).toEqual([
      ['Bravo', 7],
      ['Alpha', 8],
      ['Charlie', 9],
    ]);
    const retry = await post('organizer', '/api/v1/headNumber/', paste, key);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(res.json());
    expect(await numbers([h.alpha, h.bravo, h.charlie])).toEqual({ [h.alpha]: 8, [h.bravo]: 7, [h.charlie]: 9 });
    const audit = await audits('headNumbers.set');
    expect(audit.map((a) => (a.details as { count: number }).count)).toEqual([1, 3]);
  });

  it('refuses bad rows, duplicates, taken numbers, too many rows and another venue, changing nothing', async () => {
    const h = await horses();
    await post('organizer', '/api/v1/headNumber/', { participation_horse: h.charlie, head_number: 5 });
    const before = await numbers([h.alpha, h.bravo, h.charlie, h.delta]);

    const bad = await post('organizer', '/api/v1/headNumber/', [
      { participation_horse: h.alpha, head_number: 1 },
      { participation_horse: h.bravo, head_number: 0 },
    ]);
    expectRefused(bad, { '1': { head_number: ['invalid'] } });

    const clash = await post('organizer', '/api/v1/headNumber/', [
      { participation_horse: h.alpha, head_number: 3 },
      { participation_horse: h.bravo, head_number: 3 },
      { participation_horse: h.alpha, head_number: 4 },
      { participation_horse: 999_999, head_number: 6 },
    ]);
    expectRefused(clash, {
      '0': { participation_horse: ['duplicate'], head_number: ['head_number_taken'] },
      '1': { head_number: ['head_number_taken'] },
      '2': { participation_horse: ['duplicate'] },
      '3': { participation_horse: ['does_not_exist'] },
    });

    const taken = await post('organizer', '/api/v1/headNumber/', [
      { participation_horse: h.alpha, head_number: 2 },
      { participation_horse: h.bravo, head_number: 5 },
    ]);
    expect(taken.json().fields).toEqual({ '1': { head_number: ['head_number_taken'] } });
    const single = await post('organizer', '/api/v1/headNumber/', { participation_horse: h.bravo, head_number: 5 });
    expect(single.json().fields).toEqual({ head_number: ['head_number_taken'] });

    const tooMany = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => ({
      participation_horse: h.alpha,
      head_number: i + 1,
    }));
    expect((await post('organizer', '/api/v1/headNumber/', tooMany)).statusCode).toBe(400);

    const foreign = await post('organizer', '/api/v1/headNumber/', [
      { participation_horse: h.alpha, head_number: 1 },
      { participation_horse: h.delta, head_number: 1 },
    ]);
    expect(foreign.statusCode).toBe(403);
    expect(
      (await post('welcomedesk', '/api/v1/headNumber/', [{ participation_horse: h.alpha, head_number: 1 }])).statusCode,
    ).toBe(403);
    expect(await numbers([h.alpha, h.bravo, h.charlie, h.delta])).toEqual(before);
    expect(await audits('headNumbers.set')).toHaveLength(1);
  });
});
