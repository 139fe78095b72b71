import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, officials, riders, simpleUsers, users, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const organizer = (method: Method, url: string, payload?: object) => call('organizer', method, url, payload);

async function profileOf(table: typeof riders | typeof officials | typeof simpleUsers, username: string) {
  const [row] = await server()
    .database.db.select({ id: table.id })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(users.username, username));
  return row!.id;
}
const secondVenue = async () =>
  (await server().database.db.insert(venues).values({ name: 'Autumn', startDate: '2027-09-01' }).returning())[0]!.id;

describe('official participations', () => {
  it('records function, days and rates, with the official and their balance at the venue', async () => {
    const official = await profileOf(officials, 'official');
    await server()
      .database.db.insert(accounts)
      .values({ venueId: 1, kind: 'party', partyType: 'official', partyId: official, balanceMinor: 80_000 });
    const input = {
      venue: 1,
      official,
      function: 'judge',
      date_from: '2026-10-01',
      date_to: '2026-10-04',
      days: 4,
      day_rate: 20_000,
      travel: 15_000,
      per_diem: 5_000,
      withholding_bp: 1_500,
    };
    const res = await organizer('POST', '/api/v1/officialParticipation/', input);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      ...input,
      id: expect.any(Number),
      official: {
        id: official,
        user: expect.any(Number),
        name: 'Odile Officielle',
        email: 'official@paddock.demo',
        fei_id: null,
      },
      balance: 80_000,
    });
    expect((await organizer('GET', '/api/v1/officialParticipation/')).json()).toEqual({ count: 1, results: [created] });
    const edited = await organizer('PATCH', `/api/v1/officialParticipation/${created.id}/`, {
      days: 3,
      date_to: '2026-10-03',
    });
    expect(edited.json()).toEqual({ ...created, days: 3, date_to: '2026-10-03' });

    const twice = await organizer('POST', '/api/v1/officialParticipation/', input);
    expect(twice.json().fields).toEqual({ function: ['duplicate'] });
    const backwards = await organizer('PATCH', `/api/v1/officialParticipation/${created.id}/`, {
      date_to: '2026-09-01',
    });
    expect(backwards.json().fields).toEqual({ date_to: ['too_small'] });
    const nobody = await organizer('POST', '/api/v1/officialParticipation/', { ...input, official: 999 });
    expect(nobody.json().fields).toEqual({ official: ['does_not_exist'] });
    expect((await organizer('DELETE', `/api/v1/officialParticipation/${created.id}/`)).statusCode).toBe(204);
    expect((await organizer('GET', '/api/v1/officialParticipation/')).json().count).toBe(0);
  });
});

describe('where did someone take part', () => {
  it('lists every venue to admins and only its own venue to the organizer', async () => {
    const rider = await profileOf(riders, 'rider');
    const official = await profileOf(officials, 'official');
    const autumn = await secondVenue();
    const admin = await server().auth('admin');
    for (const venue of [1, autumn]) {
      await server().app.inject({
        method: 'POST',
        url: '/api/v1/venueParticipation/',
        headers: admin,
        payload: { venue, rider },
      });
      await server().app.inject({
        method: 'POST',
        url: '/api/v1/officialParticipation/',
        headers: admin,
        payload: { venue, official, function: 'steward' },
      });
    }
    const venuesOf = async (username: string, url: string, payload: object) =>
      (await call(username, 'POST', url, payload))
        .json()
        .results.map((r: { venue: number; venue_name: string }) => [r.venue, r.venue_name]);
    expect(await venuesOf('admin', '/api/v1/venue/whereRiderParticipated/', { rider })).toEqual([
      [1, 'Paddock Classic'],
      [autumn, 'Autumn'],
    ]);
    expect(await venuesOf('organizer', '/api/v1/venue/whereRiderParticipated/', { rider })).toEqual([
      [1, 'Paddock Classic'],
    ]);
    expect(await venuesOf('organizer', '/api/v1/venue/whereOfficialParticipated/', { official })).toEqual([
      [1, 'Paddock Classic'],
    ]);
    const detail = await call('admin', 'POST', '/api/v1/venue/whereOfficialParticipated/', { official });
    expect(detail.json().results[1]).toEqual({
      venue: autumn,
      venue_name: 'Autumn',
      start_date: '2027-09-01',
      end_date: null,
      participation: expect.any(Number),
    });
    expect(
      (await call('admin', 'POST', '/api/v1/venue/whereRiderParticipated/', { rider: 999 })).json().fields,
    ).toEqual({
      rider: ['does_not_exist'],
    });
    expect((await call('stable', 'POST', '/api/v1/venue/whereRiderParticipated/', { rider })).statusCode).toBe(403);
  });
});

describe('people at a venue', () => {
  it('lists riders, officials and simple users at the venue with their balance', async () => {
    const rider = await profileOf(riders, 'rider');
    const official = await profileOf(officials, 'official');
    const simple = await profileOf(simpleUsers, 'simpleuser');
    const autumn = await secondVenue();
    const db = server().database.db;
    await db.insert(accounts).values([
      { venueId: 1, kind: 'party', partyType: 'rider', partyId: rider, balanceMinor: -4_500 },
      { venueId: 1, kind: 'party', partyType: 'simpleuser', partyId: simple, balanceMinor: -1_000 },
      { venueId: autumn, kind: 'party', partyType: 'simpleuser', partyId: simple, balanceMinor: -7 },
    ]);
    const participation = (await organizer('POST', '/api/v1/venueParticipation/', { venue: 1, rider })).json().id;
    await organizer('POST', '/api/v1/officialParticipation/', { venue: 1, official, function: 'judge' });
    await organizer('POST', '/api/v1/officialParticipation/', { venue: 1, official, function: 'steward' });

    // The stable sees its venue's riders and balances, without their e-mails.
    expect((await call('stable', 'GET', '/api/v1/rider/listAtVenue/')).json()).toEqual({
      count: 1,
      results: [
        {
          id: rider,
          user: expect.any(Number),
          name: 'Rosa Rider',
          fei_id: null,
          participation,
          balance: -4_500,
        },
      ],
    });
    const officialsAt = (await organizer('GET', '/api/v1/official/listAtVenue/?venue=1')).json();
    expect(officialsAt).toMatchObject({ count: 1, results: [{ id: official, name: 'Odile Officielle', balance: 0 }] });
    expect((await call('admin', 'GET', '/api/v1/simpleuser/listAtVenue/?venue=1')).json()).toEqual({
      count: 1,
      results: [
        {
          id: simple,
          user: expect.any(Number),
          name: 'Szymon Prosty',
          email: 'simpleuser@paddock.demo',
          fei_id: null,
          participation: null,
          balance: -1_000,
        },
      ],
    });
    expect((await call('admin', 'GET', '/api/v1/rider/listAtVenue/')).json().fields).toEqual({ venue: ['required'] });
    expect((await organizer('GET', `/api/v1/rider/listAtVenue/?venue=${autumn}`)).statusCode).toBe(403);
  });
});
