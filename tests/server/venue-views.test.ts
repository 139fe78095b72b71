import { describe, expect, it } from 'vitest';
import { accounts } from '../../server/src/db/schema';
import { seedFloorFixtures } from './floor-fixtures';
import { useSeededServer } from './helpers/use-server';

/*
 * The reads behind the organizer's rider page and the people lists of the venue views:
 * one rider's participation (?rider=), and ?search= on listAtVenue; both only at the user's venue.
 */

const { f, db, call } = useSeededServer(seedFloorFixtures);

interface Page<T> {
  count: number;
  results: T[];
}
type Participation = {
  rider: { id: number; name: string };
  payer: { type: string; name: string };
  horses: { head_number: number | null; horse: { name: string } }[];
};
type Person = { id: number; name: string; email?: string | null; balance: number };

describe('GET /api/v1/venueParticipation/?rider=', () => {
  it("answers the one rider's participation at the organizer's venue, and nothing for a rider who is not there", async () => {
    const mine = await call('organizer', 'GET', `/api/v1/venueParticipation/?venue=1&rider=${f.rider}`);
    expect(mine.statusCode).toBe(200);
    const page = mine.json<Page<Participation>>();
    expect(page.count).toBe(1);
    expect(page.results[0]!.rider.id).toBe(f.rider);
    expect(page.results[0]!.horses).toEqual([expect.objectContaining({ head_number: 101 })]);
    // Without ?venue= the organizer's own venue is meant.
    expect((await call('organizer', 'GET', `/api/v1/venueParticipation/?rider=${f.rider}`)).json().count).toBe(1);
    // The employed rider is at venue 2 only.
    const elsewhere = await call('organizer', 'GET', `/api/v1/venueParticipation/?venue=1&rider=${f.employedRider}`);
    expect(elsewhere.json()).toEqual({ count: 0, results: [] });
  });

  it("refuses the organizer another venue's rider and their entries; the admin reads any venue", async () => {
    const other = `venue=${f.venue2}&rider=${f.employedRider}`;
    expect((await call('organizer', 'GET', `/api/v1/venueParticipation/?${other}`)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', `/api/v1/transaction/?${other}`)).statusCode).toBe(403);
    const admin = (await call('admin', 'GET', `/api/v1/venueParticipation/?${other}`)).json<Page<Participation>>();
    expect(admin.count).toBe(1);
    expect(admin.results[0]!.payer.type).toBe('employer');
    expect((await call('admin', 'GET', `/api/v1/transaction/?${other}`)).statusCode).toBe(200);
  });

  it('refuses a rider id that is not one (400 by field)', async () => {
    const bad = await call('organizer', 'GET', '/api/v1/venueParticipation/?venue=1&rider=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['rider']);
  });
});

describe('GET /api/v1/{kind}/listAtVenue/?search=', () => {
  it('narrows riders, officials and simple users by name, e-mail or FEI id, with the count of the matches', async () => {
    const riders = (await call('organizer', 'GET', '/api/v1/rider/listAtVenue/?venue=1')).json<Page<Person>>();
    const rider = riders.results.find((person) => person.id === f.rider)!;
    const part = rider.name.split(' ').at(-1)!.slice(0, 4).toUpperCase();
    const found = (await call('organizer', 'GET', `/api/v1/rider/listAtVenue/?venue=1&search=${part}`)).json<
      Page<Person>
    >();
    expect(found.results.map((person) => person.id)).toContain(f.rider);
    expect(found.count).toBe(found.results.length);
    const byMail = await call('organizer', 'GET', `/api/v1/rider/listAtVenue/?venue=1&search=${rider.email}`);
    expect(byMail.json<Page<Person>>().results.map((person) => person.id)).toEqual([f.rider]);
    const none = await call('organizer', 'GET', '/api/v1/rider/listAtVenue/?venue=1&search=zz%25nobody');
    expect(none.json()).toEqual({ count: 0, results: [] });

    // An official with more functions at the venue (judging since the fixtures; listed once), and a
    // simple user with an account there.
    for (const duty of ['steward', 'veterinarian']) {
      const body = { venue: 1, official: f.official, function: duty };
      expect((await call('organizer', 'POST', '/api/v1/officialParticipation/', body)).statusCode).toBe(201);
    }
    await db()
      .insert(accounts)
      .values({ venueId: 1, kind: 'party', partyType: 'simpleuser', partyId: f.simpleUser, balanceMinor: -1_000 });
    for (const kind of ['official', 'simpleuser'] as const) {
      const all = (await call('admin', 'GET', `/api/v1/${kind}/listAtVenue/?venue=1`)).json<Page<Person>>();
      expect(all.count, kind).toBeGreaterThan(0);
      const first = all.results[0]!;
      const query = encodeURIComponent(first.name.slice(0, 3));
      const hit = (await call('admin', 'GET', `/api/v1/${kind}/listAtVenue/?venue=1&search=${query}`)).json<
        Page<Person>
      >();
      expect(hit, kind).toMatchObject({ count: 1, results: [{ id: first.id }] });
      const miss = await call('admin', 'GET', `/api/v1/${kind}/listAtVenue/?venue=1&search=zz-nobody`);
      expect(miss.json(), kind).toEqual({ count: 0, results: [] });
    }
  });

  it("refuses a search that is too long, and another venue's people to the organizer", async () => {
    const long = await call('organizer', 'GET', `/api/v1/rider/listAtVenue/?venue=1&search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toEqual(['search']);
    const other = await call('organizer', 'GET', `/api/v1/rider/listAtVenue/?venue=${f.venue2}&search=e`);
    expect(other.statusCode).toBe(403);
  });
});
