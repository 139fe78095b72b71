import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendeeCheckins, attendees, auditLog } from '../../server/src/db/schema';
import { pull, seedFloorFixtures, write } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const desk = () => server().auth('welcomedesk');
const guest = (extra: Record<string, unknown> = {}) => ({ venue: 1, first_name: 'Gus', last_name: 'Guest', ...extra });

async function rows(table: typeof attendees | typeof attendeeCheckins) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

describe('POST /api/v1/attendee/', () => {
  it('adds an attendee whose client key is the Idempotency-Key, audited, and replays the first answer', async () => {
    const key = randomUUID();
    const first = await write(
      app(),
      await desk(),
      'attendee/',
      guest({ badge: 'B-1', email: '', device_id: 'desk-1' }),
      key,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      venue: 1,
      key,
      first_name: 'Gus',
      last_name: 'Guest',
      email: null,
      kind: 'guest',
      badge: 'B-1',
      user: null,
    });
    const replay = await write(
      app(),
      await desk(),
      'attendee/',
      guest({ badge: 'B-1', email: '', device_id: 'desk-1' }),
      key,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await rows(attendees)).toBe(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'attendee.create'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ id: first.json().id, venue: 1, device: 'desk-1' });
  });

  it('refuses another body under the same key (422), a missing key (400) and bad input by field', async () => {
    const key = randomUUID();
    await write(app(), await desk(), 'attendee/', guest(), key);
    const other = await write(app(), await desk(), 'attendee/', guest({ first_name: 'Other' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_mismatch');
    const keyless = await app().inject({
      method: 'POST',
      url: '/api/v1/attendee/',
      headers: await desk(),
      payload: guest(),
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error).toBe('idempotency_key_required');
    const bad = await write(app(), await desk(), 'attendee/', { venue: 1, first_name: '', kind: 'alien' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ first_name: ['required'], kind: ['invalid'] });
    expect(await rows(attendees)).toBe(1);
  });

  it('keeps badges unique per venue: a second one is a field error', async () => {
    expect((await write(app(), await desk(), 'attendee/', guest({ badge: 'B-7' }))).statusCode).toBe(201);
    const twice = await write(app(), await desk(), 'attendee/', guest({ first_name: 'Ann', badge: 'B-7' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ badge: ['duplicate'] });
    const elsewhere = await write(
      app(),
      await server().auth('admin'),
      'attendee/',
      guest({ venue: f.venue2, badge: 'B-7' }),
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers two requests with one key at once with one attendee', async () => {
    const key = randomUUID();
    const auth = await desk();
    const [a, b] = await Promise.all([
      write(app(), auth, 'attendee/', guest(), key),
      write(app(), auth, 'attendee/', guest(), key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await rows(attendees)).toBe(1);
  });
});

describe('PATCH /api/v1/attendee/{id}/', () => {
  it('changes only the fields sent and refuses a badge taken at the venue', async () => {
    const auth = await desk();
    const ann = (
      await write(app(), auth, 'attendee/', guest({ first_name: 'Ann', kind: 'press', badge: 'P-1' }))
    ).json();
    await write(app(), auth, 'attendee/', guest({ badge: 'G-1' }));
    const patch = (body: Record<string, unknown>) =>
      app().inject({ method: 'PATCH', url: `/api/v1/attendee/${ann.id}/`, headers: auth, payload: body });
    const edited = await patch({ organisation: 'Horse & Hound' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      first_name: 'Ann',
      last_name: 'Guest',
      kind: 'press',
      badge: 'P-1',
      organisation: 'Horse & Hound',
    });
    const taken = await patch({ badge: 'G-1' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ badge: ['duplicate'] });
    expect((await patch({ badge: '' })).json().badge).toBeNull();
    expect(
      (
        await app().inject({
          method: 'PATCH',
          url: '/api/v1/attendee/999999/',
          headers: auth,
          payload: { badge: 'G-9' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v1/attendee/', () => {
  it('lists the venue’s attendees by name with the state of their latest check-in, searchable', async () => {
    const auth = await desk();
    const ann = (
      await write(app(), auth, 'attendee/', guest({ first_name: 'Ann', last_name: 'Able', kind: 'press' }))
    ).json();
    const bob = (
      await write(app(), auth, 'attendee/', guest({ first_name: 'Bob', last_name: 'Baker', badge: 'X-9' }))
    ).json();
    await write(app(), auth, 'attendee/', guest({ venue: 1, first_name: 'Cy', last_name: 'Cole' }));
    const checkin = (attendee: number, action: string, at: string) =>
      write(app(), auth, 'attendeeCheckin/', { attendee, action, occurred_at: at });
    await checkin(ann.id, 'in', '2026-05-01T08:00:00.000Z');
    // Recorded later but happened earlier (an offline tablet): the latest by time still decides.
    await checkin(ann.id, 'out', '2026-05-01T07:00:00.000Z');
    await checkin(bob.id, 'in', '2026-05-01T08:00:00.000Z');
    await checkin(bob.id, 'out', '2026-05-01T09:00:00.000Z');
    const list = (query: string) =>
      app().inject({ method: 'GET', url: `/api/v1/attendee/?venue=1${query}`, headers: auth });
    const all = (await list('')).json();
    expect(all.count).toBe(3);
    expect(all.results.map((a: { last_name: string }) => a.last_name)).toEqual(['Able', 'Baker', 'Cole']);
    expect(all.results.map((a: { checked_in: boolean }) => a.checked_in)).toEqual([true, false, false]);
    expect(all.results[0].last_checkin_at).toBe('2026-05-01T08:00:00.000Z');
    expect(all.results[2].last_checkin_at).toBeNull();
    expect((await list('&search=x-9')).json().results.map((a: { id: number }) => a.id)).toEqual([bob.id]);
    expect((await list('&search=ann%20abl')).json().results.map((a: { id: number }) => a.id)).toEqual([ann.id]);
    expect((await list('&kind=press')).json().count).toBe(1);
  });
});

describe('POST /api/v1/attendeeCheckin/', () => {
  it('names an attendee created offline by its client key, and refuses an unknown one by field', async () => {
    const auth = await desk();
    const key = randomUUID();
    const created = (await write(app(), auth, 'attendee/', guest(), key)).json();
    const byKey = await write(app(), auth, 'attendeeCheckin/', {
      attendee_key: key,
      action: 'in',
      device_id: 'desk-2',
    });
    expect(byKey.statusCode).toBe(201);
    expect(byKey.json()).toMatchObject({
      attendee: created.id,
      action: 'in',
      recorded_by: 'Wilma Empfang',
      device_id: 'desk-2',
    });
    const unknownKey = await write(app(), auth, 'attendeeCheckin/', { attendee_key: randomUUID(), action: 'in' });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().fields).toEqual({ attendee: ['does_not_exist'] });
    const unknownId = await write(app(), auth, 'attendeeCheckin/', { attendee: 999999, action: 'in' });
    expect(unknownId.json().fields).toEqual({ attendee: ['does_not_exist'] });
    const neither = await write(app(), auth, 'attendeeCheckin/', { action: 'in' });
    expect(neither.json().fields).toEqual({ attendee: ['required'] });
    expect(await rows(attendeeCheckins)).toBe(1);
  });

  it('replays, refuses a changed body under the same key, records one event for concurrent twins', async () => {
    const auth = await desk();
    const attendee = (await write(app(), auth, 'attendee/', guest())).json().id;
    const key = randomUUID();
    const body = { attendee, action: 'in', occurred_at: '2026-05-01T08:00:00.000+02:00' };
    const [a, b] = await Promise.all([
      write(app(), auth, 'attendeeCheckin/', body, key),
      write(app(), auth, 'attendeeCheckin/', body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ key, occurred_at: '2026-05-01T06:00:00.000Z' });
    const replay = await write(app(), auth, 'attendeeCheckin/', body, key);
    expect(replay.json()).toEqual(a.json());
    expect((await write(app(), auth, 'attendeeCheckin/', { ...body, action: 'out' }, key)).statusCode).toBe(422);
    expect(await rows(attendeeCheckins)).toBe(1);
    const listed = await app().inject({
      method: 'GET',
      url: `/api/v1/attendeeCheckin/?attendee=${attendee}`,
      headers: auth,
    });
    expect(listed.json()).toEqual({ count: 1, results: [a.json()] });
    const changes = (await pull(app(), auth, 1)).changes();
    expect(changes.checkins).toEqual([a.json()]);
    expect(changes.attendees.map((x) => x.id)).toEqual([attendee]);
  });
});
