import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, employers, employments, riders, users, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const organizer = (method: Method, url: string, payload?: object) => call('organizer', method, url, payload);

async function riderOf(username: string): Promise<number> {
  const [row] = await server()
    .database.db.select({ id: riders.id })
    .from(riders)
    .innerJoin(users, eq(users.id, riders.userId))
    .where(eq(users.username, username));
  return row!.id;
}
async function horse(name: string, fei_id?: string): Promise<number> {
  return (await organizer('POST', '/api/v1/horse/', { name, fei_id })).json().id;
}
async function event(venue = 1, fee = 12_000): Promise<number> {
  const admin = await server().auth('admin');
  const code = `C${Math.random()}`;
  const category = await server().app.inject({
    method: 'POST',
    url: '/api/v1/eventCategory/',
    headers: admin,
    payload: { code, name: code },
  });
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/v1/venueEventCategory/',
    headers: admin,
    payload: { venue, event_category: category.json().id, name: `Event ${code}`, default_entry_fee: fee },
  });
  return res.json().id;
}

describe('POST /api/v1/venueParticipation/', () => {
  it('enrols a rider with horses in events at the default entry fee; the rider pays', async () => {
    const rider = await riderOf('rider');
    const [a, b] = [await horse('Cornet', '105IG70'), await horse('Baloubet')];
    const vec = await event();
    const res = await organizer('POST', '/api/v1/venueParticipation/', {
      venue: 1,
      rider,
      horses: [a, b],
      events: [vec],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      venue: 1,
      rider: { id: rider, user: expect.any(Number), name: 'Rosa Rider', email: 'rider@paddock.demo', fei_id: null },
      payer: { type: 'rider', id: rider, name: 'Rosa Rider' },
      horses: [
        { id: expect.any(Number), horse: { id: a, name: 'Cornet', fei_id: '105IG70' }, head_number: null },
        { id: expect.any(Number), horse: { id: b, name: 'Baloubet', fei_id: null }, head_number: null },
      ],
      events: [
        { id: expect.any(Number), vec, name: expect.stringMatching(/^Event/), horse: a },
        { id: expect.any(Number), vec, name: expect.stringMatching(/^Event/), horse: b },
      ],
      arrived_at: null,
      signed_in_at: null,
      balance: 0,
    });
    const entries = await organizer('GET', `/api/v1/vecParticipation/?vec=${vec}`);
    expect(
      entries.json().results.map((e: { entry_fee: number; horse: { id: number } }) => [e.horse.id, e.entry_fee]),
    ).toEqual([
      [a, 12_000],
      [b, 12_000],
    ]);
    const [audit] = await server()
      .database.db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'participation.create'));
    expect(audit!.details).toMatchObject({ id: body.id, rider, payer: { type: 'rider', id: rider } });
  });

  it("bills an employed rider's costs to the employer and shows the employer's balance", async () => {
    const db = server().database.db;
    const rider = await riderOf('rider');
    const [employer] = await db
      .select({ id: employers.id })
      .from(employers)
      .innerJoin(users, eq(users.id, employers.userId))
      .where(eq(users.username, 'employer'));
    await db.update(riders).set({ employmentStatus: 'EMPLOYED' }).where(eq(riders.id, rider));
    await db
      .insert(employments)
      .values({ employerId: employer!.id, riderId: rider, status: 'confirmed', dateFrom: '2020-01-01' });
    await db.insert(accounts).values([
      { venueId: 1, kind: 'party', partyType: 'employer', partyId: employer!.id, balanceMinor: -30_000 },
      { venueId: 1, kind: 'party', partyType: 'rider', partyId: rider, balanceMinor: -1 },
    ]);
    const res = await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider });
    expect(res.json().payer).toEqual({ type: 'employer', id: employer!.id, name: 'Gestüt Arbeitgeber GmbH' });
    expect(res.json().balance).toBe(-30_000);
    expect((await organizer('GET', `/api/v1/venueParticipation/${res.json().id}/`)).json().balance).toBe(-30_000);
  });

  it('leaves the rider paying while the employment is only pending', async () => {
    const db = server().database.db;
    const rider = await riderOf('multi');
    const [employer] = await db.select({ id: employers.id }).from(employers);
    await db.update(riders).set({ employmentStatus: 'EMPLOYED' }).where(eq(riders.id, rider));
    await db.insert(employments).values({ employerId: employer!.id, riderId: rider, status: 'pending' });
    const res = await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider });
    expect(res.json().payer).toEqual({ type: 'rider', id: rider, name: 'Morgan Multi' });
  });

  it('refuses a second enrolment, unknown riders and horses, and events of another venue', async () => {
    const rider = await riderOf('rider');
    expect((await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider })).statusCode).toBe(201);
    const again = await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider });
    expect(again.json()).toMatchObject({ error: 'validation', fields: { rider: ['duplicate'] } });

    const other = await riderOf('multi');
    const unknownRider = await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider: 9999 });
    expect(unknownRider.json().fields).toEqual({ rider: ['does_not_exist'] });
    const unknownHorse = await organizer('POST', '/api/v1/venueParticipation/', {
      venue: 1,
      rider: other,
      horses: [9999],
    });
    expect(unknownHorse.json().fields).toEqual({ horses: ['does_not_exist'] });
    await server().database.db.insert(venues).values({ name: 'Elsewhere' });
    const foreign = await event(2);
    const wrongEvent = await organizer('POST', '/api/v1/venueParticipation/', {
      venue: 1,
      rider: other,
      events: [foreign],
    });
    expect(wrongEvent.json().fields).toEqual({ events: ['not_at_venue'] });
    expect((await organizer('GET', '/api/v1/venueParticipation/')).json().count).toBe(1);
  });
});

describe('venue participations', () => {
  it('finds participations by rider name, FEI id, horse name and head number', async () => {
    const db = server().database.db;
    const rosa = await riderOf('rider');
    const morgan = await riderOf('multi');
    await db.update(riders).set({ feiId: '10012345' }).where(eq(riders.id, morgan));
    const first = (
      await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider: rosa, horses: [await horse('Quidam')] })
    ).json();
    await organizer('POST', '/api/v1/venueParticipation/', {
      venue: 1,
      rider: morgan,
      horses: [await horse('Ratina')],
    });
    await organizer('POST', '/api/v1/venue/1/assignHeadNumbers/', {
      assignments: [{ participation_horse: first.horses[0].id, head_number: 42 }],
    });
    const names = async (search: string) =>
      (await organizer('GET', `/api/v1/venueParticipation/?search=${encodeURIComponent(search)}`))
        .json()
        .results.map((p: { rider: { name: string } }) => p.rider.name);
    expect(await names('')).toEqual(['Morgan Multi', 'Rosa Rider']);
    expect(await names('rosa r')).toEqual(['Rosa Rider']);
    expect(await names('100123')).toEqual(['Morgan Multi']);
    expect(await names('ratina')).toEqual(['Morgan Multi']);
    expect(await names('42')).toEqual(['Rosa Rider']);
    expect(await names('nobody')).toEqual([]);
    // The floor reads participants from its changes feed, not the office's list.
    expect((await call('stable', 'GET', '/api/v1/venueParticipation/?venue=1')).statusCode).toBe(403);
  });

  it('replaces the horses of a participation and deletes it', async () => {
    const rider = await riderOf('rider');
    const [a, b] = [await horse('A'), await horse('B')];
    const vec = await event();
    const created = (
      await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider, horses: [a], events: [vec] })
    ).json();
    const patched = await organizer('PATCH', `/api/v1/venueParticipation/${created.id}/`, { horses: [b] });
    expect(patched.json().horses.map((h: { horse: { id: number } }) => h.horse.id)).toEqual([b]);
    expect(patched.json().events).toEqual([]);
    expect(
      (await organizer('PATCH', `/api/v1/venueParticipation/${created.id}/`, { horses: [b, 999] })).json().fields,
    ).toEqual({
      horses: ['does_not_exist'],
    });
    expect((await organizer('DELETE', `/api/v1/venueParticipation/${created.id}/`)).statusCode).toBe(204);
    expect((await organizer('GET', `/api/v1/venueParticipation/${created.id}/`)).statusCode).toBe(404);
  });

  it('enters a participation in an event with its own horse only', async () => {
    const rider = await riderOf('rider');
    const [own, stranger] = [await horse('Own'), await horse('Stranger')];
    const vec = await event(1, 5_000);
    const participation = (
      await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider, horses: [own] })
    ).json();
    const res = await organizer('POST', '/api/v1/vecParticipation/', {
      vec,
      venue_participation: participation.id,
      horse: own,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      vec,
      venue_participation: participation.id,
      rider: expect.objectContaining({ id: rider, name: 'Rosa Rider' }),
      horse: { id: own, name: 'Own' },
      entry_fee: 5_000,
    });
    const again = await organizer('POST', '/api/v1/vecParticipation/', {
      vec,
      venue_participation: participation.id,
      horse: own,
    });
    expect(again.json().fields).toEqual({ vec: ['duplicate'] });
    const foreign = await organizer('POST', '/api/v1/vecParticipation/', {
      vec,
      venue_participation: participation.id,
      horse: stranger,
    });
    expect(foreign.json().fields).toEqual({ horse: ['not_at_venue'] });
    const fee = await organizer('POST', '/api/v1/vecParticipation/', {
      vec,
      venue_participation: participation.id,
      entry_fee: 0,
    });
    expect(fee.json()).toMatchObject({ horse: null, entry_fee: 0 });
    expect((await organizer('DELETE', `/api/v1/vecParticipation/${res.json().id}/`)).statusCode).toBe(204);
    expect((await organizer('GET', `/api/v1/vecParticipation/?venue=1`)).json().count).toBe(1);
  });
});
