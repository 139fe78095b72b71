import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { officialParticipations, officials, riders, users } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

/**
 * The calls behind the people pages: the public side of checkRiderExists (the
 * registration form) and an official's venues (the admin's official pages).
 */
const server = useTestServer();
let rider: number;
let official: number;

async function profileOf(table: typeof riders | typeof officials, username: string): Promise<number> {
  const db = server().database.db;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(users.username, username));
  return row!.id;
}

beforeEach(async () => {
  rider = await profileOf(riders, 'rider');
  official = await profileOf(officials, 'official');
  await server()
    .database.db.update(riders)
    .set({ email: 'Rosa@Rider.test', registrationId: 'LIC-9' })
    .where(eq(riders.id, rider));
});

const check = async (username: string | null, payload: object, app = server().app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/rider/checkRiderExists/',
    headers: username ? await server().auth(username) : {},
    payload,
  });

describe('POST /api/v1/rider/checkRiderExists/', () => {
  it('tells anyone only whether such a rider exists; the office also which rider, without contact details', async () => {
    for (const who of [null, 'rider', 'official', 'employer']) {
      expect((await check(who, { email: 'rosa@rider.test' })).json(), String(who)).toEqual({
        exists: true,
        rider: null,
      });
      expect((await check(who, { registration_id: 'lic-9' })).json()).toEqual({ exists: true, rider: null });
      expect((await check(who, { email: 'nobody@rider.test' })).json()).toEqual({ exists: false, rider: null });
    }
    for (const who of ['admin', 'organizer']) {
      const answer = (await check(who, { email: 'rosa@rider.test' })).json();
      expect(answer).toEqual({ exists: true, rider: { id: rider, type: 'rider', name: expect.any(String) } });
    }
    const bad = await check(null, { email: 'not an e-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ email: ['invalid_email'] });
  });

  it('rate-limits the public, not the staff', async () => {
    const app = await server().buildApp({ RATE_LIMIT_AUTH_MAX: '2' });
    for (let i = 0; i < 2; i++) expect((await check(null, { email: 'a@b.test' }, app)).statusCode).toBe(200);
    expect((await check(null, { email: 'a@b.test' }, app)).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await check('admin', { email: 'a@b.test' }, app)).statusCode).toBe(200);
  });
});

describe("an official's venues", () => {
  it('lists the venues the official works at, before any entry, with the participation', async () => {
    const auth = await server().auth('admin');
    const get = (url: string) => server().app.inject({ method: 'GET', url, headers: auth });
    expect((await get(`/api/v1/official/${official}/shows/`)).json()).toEqual({ results: [] });
    const [entry] = await server()
      .database.db.insert(officialParticipations)
      .values({ venueId: 1, officialId: official, function: 'judge' })
      .returning({ id: officialParticipations.id });
    const shows = (await get(`/api/v1/official/${official}/shows/`)).json();
    expect(shows.results).toEqual([expect.objectContaining({ venue: 1, participation: entry!.id, balance_minor: 0 })]);
    // The balance list stays the venues with an account.
    expect((await get(`/api/v1/official/${official}/balance/`)).json()).toEqual({ results: [] });
    const where = await server().app.inject({
      method: 'POST',
      url: '/api/v1/venue/whereOfficialParticipated/',
      headers: auth,
      payload: { official },
    });
    expect(where.json().results).toEqual([expect.objectContaining({ venue: 1, participation: entry!.id })]);
  });
});
