import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../../server/src/db/schema';
import { postEntry } from './ledger-fixtures';
import { caller, seedPeopleFixtures, type PeopleFixtures } from './people-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let f: PeopleFixtures;
beforeEach(async () => {
  f = await seedPeopleFixtures(server().database.db);
  await server()
    .database.db.update(riders)
    .set({ feiId: '10012345', nationalId: 'SLO-77', registrationId: 'LIC-1', email: 'Rosa@Rider.test' })
    .where(eq(riders.id, f.rider));
});

const call = caller(
  () => server().app,
  (u) => server().auth(u),
);
/** An exact look-up answers who it is, never how to reach them. */
const rosa = () => ({ id: f.rider, type: 'rider', name: 'Rosa Rider' });

describe('rider look-ups', () => {
  it('finds a rider by e-mail (any case), FEI id and national id, name and id only; 404 when none', async () => {
    const byEmail = await call('organizer', 'POST', '/api/v1/rider/getByEmail/', { email: 'rosa@rider.test' });
    expect(byEmail.json()).toEqual(rosa());
    expect((await call('organizer', 'POST', '/api/v1/rider/getByFEIId/', { feiId: '10012345' })).json()).toEqual(
      rosa(),
    );
    const byNational = await call('admin', 'POST', '/api/v1/rider/getByNationalID/', { nationalID: 'slo-77' });
    expect(byNational.json()).toEqual(rosa());
    expect((await call('admin', 'POST', '/api/v1/rider/getByFEIId/', { feiId: '10099999' })).statusCode).toBe(404);
    const badFei = await call('admin', 'POST', '/api/v1/rider/getByFEIId/', { feiId: 'ABC' });
    expect(badFei.json()).toMatchObject({ fields: { feiId: ['invalid_fei_id'] } });
    expect((await call('rider', 'POST', '/api/v1/rider/getByEmail/', { email: 'rosa@rider.test' })).statusCode).toBe(
      403,
    );
  });

  it('refuses the registry look-ups to an employer, who may have registered itself', async () => {
    for (const [url, payload] of [
      ['/api/v1/rider/getByEmail/', { email: 'rosa@rider.test' }],
      ['/api/v1/rider/getByFEIId/', { feiId: '10012345' }],
      ['/api/v1/rider/getByNationalID/', { nationalID: 'SLO-77' }],
      ['/api/v1/people/lookup/', { kind: 'rider', by: 'email', value: 'rosa@rider.test' }],
    ] as const) {
      expect((await call('employer', 'POST', url, payload)).statusCode, url).toBe(403);
    }
  });

  it('lets the office find someone new by exact value only: a partial one finds nobody', async () => {
    const lookup = (payload: object) => call('organizer', 'POST', '/api/v1/people/lookup/', payload);
    expect((await lookup({ kind: 'rider', by: 'email', value: 'ROSA@rider.test' })).json()).toEqual(rosa());
    expect((await lookup({ kind: 'rider', by: 'national_id', value: 'slo-77' })).json()).toEqual(rosa());
    expect((await lookup({ kind: 'rider', by: 'fei_id', value: '10012345' })).json()).toEqual(rosa());
    expect((await lookup({ kind: 'rider', by: 'fei_id', value: '1001234' })).statusCode).toBe(404);
    expect((await lookup({ kind: 'rider', by: 'national_id', value: 'SLO' })).statusCode).toBe(404);
    // Half an address is not an address: refused before any search.
    const partial = await lookup({ kind: 'rider', by: 'email', value: 'rosa@' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ fields: { value: ['invalid'] } });
    expect((await lookup({ kind: 'official', by: 'email', value: 'rosa@rider.test' })).statusCode).toBe(404);
  });

  it('lets an employer find a rider to employ by exact value, name and id only, rate-limited', async () => {
    const app = await server().buildApp({ RATE_LIMIT_AUTH_MAX: '2' });
    const headers = await server().auth('employer');
    const find = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/v1/employer/findRider/', headers, payload });
    expect((await find({ by: 'email', value: 'rosa@RIDER.test' })).json()).toEqual(rosa());
    expect((await find({ by: 'fei_id', value: '1001234' })).statusCode).toBe(404);
    expect((await find({ by: 'fei_id', value: '10012345' })).statusCode).toBe(429);
    expect(
      (await call('rider', 'POST', '/api/v1/employer/findRider/', { by: 'fei_id', value: '10012345' })).statusCode,
    ).toBe(403);
  });

  it('checks whether a rider exists by licence or e-mail', async () => {
    const yes = await call('organizer', 'POST', '/api/v1/rider/checkRiderExists/', { registration_id: 'lic-1' });
    expect(yes.json()).toEqual({ exists: true, rider: rosa() });
    const no = await call('organizer', 'POST', '/api/v1/rider/checkRiderExists/', { email: 'nobody@x.test' });
    expect(no.json()).toEqual({ exists: false, rider: null });
    const empty = await call('organizer', 'POST', '/api/v1/rider/checkRiderExists/', {});
    expect(empty.json()).toMatchObject({ fields: { registration_id: ['required'] } });
  });
});

describe('GET /api/v1/rider/{id}/venueParticipations/', () => {
  it('lists payer, horses with head numbers, events, external (imported) costs and balance', async () => {
    const office = await server().auth('organizer');
    const imported = { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box };
    expect((await postEntry(server().app, office, { ...imported, source: 'import' })).statusCode).toBe(201);
    expect((await postEntry(server().app, office, { ...imported, source: 'office' })).statusCode).toBe(201);
    const res = await call('rider', 'GET', `/api/v1/rider/${f.rider}/venueParticipations/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        id: f.participation,
        venue: 1,
        venue_name: 'Paddock Classic',
        currency: 'EUR',
        payer: { type: 'rider', id: f.rider, name: 'Rosa Rider' },
        horses: [{ id: f.quidam, name: 'Quidam Blue', head_number: 101 }],
        events: [{ id: expect.any(Number), name: 'CSI2* Lipica', horse: null }],
        external_costs_minor: 15000,
        balance_minor: -30000,
      },
    ]);
    const eva = await call('employer', 'GET', `/api/v1/rider/${f.employedRider}/venueParticipations/`);
    expect(eva.json().results).toMatchObject([{ payer: { type: 'employer', id: f.employer }, currency: 'CHF' }]);
    expect((await call('multi', 'GET', `/api/v1/rider/${f.rider}/venueParticipations/`)).statusCode).toBe(404);
  });
});
