import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, riderSignins, venueParticipations, vetInspections } from '../../server/src/db/schema';
import { pull, seedFloorFixtures, write } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedFloorFixtures);

const app = () => server().app;
const get = async (username: string, url: string) =>
  app().inject({ method: 'GET', url: `/api/v1/${url}`, headers: await server().auth(username) });

async function rows(table: typeof riderSignins | typeof vetInspections) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

describe('POST /api/v1/riderSignin/', () => {
  it('records the event with device, device clock and author, audited, and keeps the participation in step', async () => {
    const auth = await server().auth('signin');
    const key = randomUUID();
    const body = {
      participation: f.participation,
      action: 'in',
      occurred_at: '2026-05-01T07:30:00.000Z',
      device_id: 'gate-1',
    };
    const res = await write(app(), auth, 'riderSignin/', body, key);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      key,
      participation: f.participation,
      action: 'in',
      occurred_at: '2026-05-01T07:30:00.000Z',
      recorded_by: 'Sigrid Meldestelle',
      device_id: 'gate-1',
    });
    expect(Date.parse(res.json().recorded_at)).toBeGreaterThan(Date.parse('2026-05-01T07:30:00.000Z'));
    const [participation] = await db()
      .select({ signedInAt: venueParticipations.signedInAt })
      .from(venueParticipations)
      .where(eq(venueParticipations.id, f.participation));
    expect(participation!.signedInAt?.toISOString()).toBe('2026-05-01T07:30:00.000Z');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'rider.signin'));
    expect(audit.map((a) => a.details)).toEqual([expect.objectContaining({ id: res.json().id, device: 'gate-1' })]);

    await write(app(), auth, 'riderSignin/', { participation: f.participation, action: 'out' });
    const [after] = await db()
      .select({ signedInAt: venueParticipations.signedInAt })
      .from(venueParticipations)
      .where(eq(venueParticipations.id, f.participation));
    expect(after!.signedInAt).toBeNull();
  });

  it('replays one key once, refuses it with another body, and records one event for concurrent twins', async () => {
    const auth = await server().auth('signin');
    const key = randomUUID();
    const body = { participation: f.participation, action: 'in' };
    const [a, b] = await Promise.all([
      write(app(), auth, 'riderSignin/', body, key),
      write(app(), auth, 'riderSignin/', body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const replay = await write(app(), auth, 'riderSignin/', body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(a.json());
    expect((await write(app(), auth, 'riderSignin/', { ...body, action: 'out' }, key)).statusCode).toBe(422);
    expect(await rows(riderSignins)).toBe(1);
  });

  it('refuses an unknown participation by field and lists a participation’s events newest first', async () => {
    const auth = await server().auth('signin');
    const unknown = await write(app(), auth, 'riderSignin/', { participation: 999999, action: 'in' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ participation: ['does_not_exist'] });
    for (const [action, at] of [
      ['in', '2026-05-01T08:00:00.000Z'],
      ['out', '2026-05-01T18:00:00.000Z'],
      ['in', '2026-05-02T08:00:00.000Z'],
    ]) {
      await write(app(), auth, 'riderSignin/', { participation: f.participation, action, occurred_at: at });
    }
    const list = (await get('signin', `riderSignin/?participation=${f.participation}`)).json();
    expect(list.count).toBe(3);
    expect(list.results.map((s: { occurred_at: string }) => s.occurred_at)).toEqual([
      '2026-05-02T08:00:00.000Z',
      '2026-05-01T18:00:00.000Z',
      '2026-05-01T08:00:00.000Z',
    ]);
    expect((await get('signin', 'riderSignin/')).json().count).toBe(3);
    expect((await pull(app(), auth, 1)).changes().signins).toHaveLength(3);
  });
});

describe('POST /api/v1/vetInspection/', () => {
  it('records an inspection once for concurrent twins, replays it, refuses a changed body', async () => {
    const auth = await server().auth('vetcheck');
    const key = randomUUID();
    const body = {
      horse: f.horse,
      status: 'held',
      notes: 'Re-trot at 14:00',
      inspector: 'Dr. Vet',
      occurred_at: '2026-05-01T09:15:00.000Z',
    };
    const [first, twin] = await Promise.all([
      write(app(), auth, 'vetInspection/', body, key),
      write(app(), auth, 'vetInspection/', body, key),
    ]);
    expect([first.statusCode, twin.statusCode]).toEqual([201, 201]);
    expect(twin.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({
      key,
      horse: f.horse,
      status: 'held',
      notes: 'Re-trot at 14:00',
      inspector: 'Dr. Vet',
      recorded_by: 'Viktor Tierarzt',
      device_id: null,
    });
    expect((await write(app(), auth, 'vetInspection/', body, key)).json()).toEqual(first.json());
    expect((await write(app(), auth, 'vetInspection/', { ...body, status: 'passed' }, key)).statusCode).toBe(422);
    expect(await rows(vetInspections)).toBe(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'horse.inspection'));
    expect(audit).toHaveLength(1);
    expect((await pull(app(), auth, 1)).changes().inspections).toEqual([first.json()]);
  });

  it('refuses an unknown horse or a bad status by field, and lists a horse’s history newest first', async () => {
    const auth = await server().auth('vetcheck');
    const bad = await write(app(), auth, 'vetInspection/', { horse: 999999, status: 'passed' });
    expect(bad.json().fields).toEqual({ horse: ['does_not_exist'] });
    const status = await write(app(), auth, 'vetInspection/', { horse: f.horse, status: 'lame' });
    expect(status.json().fields).toEqual({ status: ['invalid'] });
    await write(app(), auth, 'vetInspection/', { horse: f.horse, status: 'held', occurred_at: '2026-05-01T09:00:00Z' });
    await write(app(), auth, 'vetInspection/', {
      horse: f.horse,
      status: 'passed',
      occurred_at: '2026-05-01T14:00:00Z',
    });
    const history = (await get('vetcheck', `vetInspection/?venue=1&horse=${f.horse}`)).json();
    expect(history.results.map((i: { status: string }) => i.status)).toEqual(['passed', 'held']);
    expect((await get('vetcheck', `vetInspection/?venue=1&horse=999999`)).statusCode).toBe(404);
  });
});
