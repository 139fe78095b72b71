import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/src/demo/demo-data';
import { officials, riders, users, venueParticipations } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const admin = async (method: Method, url: string, payload?: object) =>
  (await call('admin', method, url, payload)).json();

async function profile(table: typeof riders | typeof officials, username: string) {
  const [row] = await server()
    .database.db.select({ id: table.id })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(users.username, username));
  return row!.id;
}

/** Venue 2 set up by an admin: an event, a competition, an article, a rider with a horse, an official. */
async function secondVenue() {
  const venue = (
    await admin('POST', '/api/v1/venue/', {
      name: 'Other show',
      country: 'AT',
      currency: 'EUR',
      currencyDisplay: '€',
      head_number_from: 1,
      head_number_to: 50,
    })
  ).id;
  const category = (await admin('POST', '/api/v1/eventCategory/', { code: 'CSN', name: 'National' })).id;
  const vec = (await admin('POST', '/api/v1/venueEventCategory/', { venue, event_category: category, name: 'CSN' })).id;
  const competition = (await admin('POST', '/api/v1/competition/', { vec, number: '1', name: 'Opener' })).id;
  const consumable = (
    await admin('POST', '/api/v1/consumable/', { venue, name: 'Box', category: 'box', unit_price: 100 })
  ).id;
  const horse = (await admin('POST', '/api/v1/horse/', { name: 'Away' })).id;
  const rider = await profile(riders, 'rider');
  const official = await profile(officials, 'official');
  const participation = await admin('POST', '/api/v1/venueParticipation/', {
    venue,
    rider,
    horses: [horse],
    events: [vec],
  });
  const officialParticipation = (
    await admin('POST', '/api/v1/officialParticipation/', { venue, official, function: 'judge' })
  ).id;
  return { venue, vec, competition, consumable, horse, rider, official, participation, officialParticipation };
}

describe("an organizer of venue 1 and venue 2's data", () => {
  it('reads and writes nothing of venue 2, while reading its own venue', async () => {
    const v = await secondVenue();
    const p = v.participation;
    const denied: [Method, string, object?][] = [
      ['GET', `/api/v1/venue/${v.venue}/`],
      ['GET', `/api/v1/venueEventCategory/?venue=${v.venue}`],
      ['GET', `/api/v1/venueEventCategory/${v.vec}/`],
      ['GET', `/api/v1/venueEventCategory/${v.vec}/taxConfiguration/`],
      ['GET', `/api/v1/competition/?venue=${v.venue}`],
      ['GET', `/api/v1/competition/${v.competition}/`],
      ['GET', `/api/v1/consumable/?venue=${v.venue}`],
      ['GET', `/api/v1/venue/${v.venue}/users/`],
      ['POST', `/api/v1/venue/${v.venue}/users/`, { user: 1, roles: ['organizer'] }],
      ['GET', `/api/v1/venueParticipation/?venue=${v.venue}`],
      ['GET', `/api/v1/venueParticipation/${p.id}/`],
      ['POST', '/api/v1/venueParticipation/', { venue: v.venue, rider: await profile(riders, 'multi') }],
      ['PATCH', `/api/v1/venueParticipation/${p.id}/`, { horses: [] }],
      ['DELETE', `/api/v1/venueParticipation/${p.id}/`],
      ['POST', `/api/v1/venue/${v.venue}/assignHeadNumbers/`, {}],
      ['POST', `/api/v1/venue/${v.venue}/deleteHeadNumbers/`, {}],
      ['GET', `/api/v1/vecParticipation/?venue=${v.venue}`],
      ['POST', '/api/v1/vecParticipation/', { vec: v.vec, venue_participation: p.id }],
      ['DELETE', `/api/v1/vecParticipation/${p.events[0].id}/`],
      ['GET', `/api/v1/officialParticipation/?venue=${v.venue}`],
      ['POST', '/api/v1/officialParticipation/', { venue: v.venue, official: v.official, function: 'steward' }],
      ['PATCH', `/api/v1/officialParticipation/${v.officialParticipation}/`, { days: 9 }],
      ['DELETE', `/api/v1/officialParticipation/${v.officialParticipation}/`],
      ['GET', `/api/v1/rider/listAtVenue/?venue=${v.venue}`],
      ['GET', `/api/v1/official/listAtVenue/?venue=${v.venue}`],
      ['GET', `/api/v1/simpleuser/listAtVenue/?venue=${v.venue}`],
    ];
    const answers = [];
    for (const [method, url, payload] of denied) {
      answers.push(`${method} ${url} ${(await call('organizer', method, url, payload)).statusCode}`);
    }
    expect(answers).toEqual(denied.map(([method, url]) => `${method} ${url} 403`));

    const stored = await server()
      .database.db.select()
      .from(venueParticipations)
      .where(eq(venueParticipations.id, p.id));
    expect(stored).toHaveLength(1);
    const after = await admin('GET', `/api/v1/venueParticipation/${p.id}/`);
    expect(after).toMatchObject({ horses: [{ head_number: null }], events: [{ vec: v.vec }] });
    expect((await admin('GET', `/api/v1/officialParticipation/?venue=${v.venue}`)).results[0].days).toBe(1);

    const where = await call('organizer', 'POST', '/api/v1/venue/whereRiderParticipated/', { rider: v.rider });
    // another show's rider is unknown to this office, as an unused id would be
    expect(where.statusCode).toBe(400);
    expect(where.json()).toMatchObject({ fields: { rider: ['does_not_exist'] } });
    for (const url of [
      '/api/v1/venueEventCategory/?venue=1',
      '/api/v1/venueParticipation/?venue=1',
      '/api/v1/consumable/',
    ]) {
      expect((await call('organizer', 'GET', url)).statusCode).toBe(200);
    }
    expect((await call('organizer', 'GET', '/api/v1/venueEventCategory/')).json().count).toBe(0);
  });
});

describe('set-up endpoints', () => {
  it("answer 403 to every demo user but the admin, venue 1's organizer included for venue 2", async () => {
    const v = await secondVenue();
    const template = (await admin('POST', '/api/v1/emailTemplate/', { venue: v.venue, name: 'T', subject: 'S' })).id;
    const taxType = (
      await admin('POST', '/api/v1/taxType/', {
        code: 'T',
        name: 'T',
        rates: [{ rate_bp: 1, valid_from: '2020-01-01' }],
      })
    ).id;
    const bank = (
      await admin('POST', '/api/v1/venueBankAccount/', {
        venue: v.venue,
        holder_name: 'H',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
      })
    ).id;
    const eventCategory = (await admin('POST', '/api/v1/eventCategory/', { code: 'CDI', name: 'Dressage' })).id;
    await admin('POST', '/api/v1/country/', { code: 'SI', name: 'Slovenia' });
    await admin('POST', '/api/v1/currency/', { code: 'EUR', name: 'Euro' });
    const stable = DEMO_USERS.findIndex((u) => u.username === 'stable') + 1;

    const routes: [Method, string, object?][] = [
      ['POST', '/api/v1/venue/', { name: 'New', country: 'DE', currency: 'EUR', currencyDisplay: '€' }],
      ['GET', '/api/v1/venue/'],
      ['PATCH', `/api/v1/venue/${v.venue}/`, { name: 'Renamed' }],
      ['POST', '/api/v1/venueEventCategory/', { venue: v.venue, event_category: eventCategory, name: 'CDI' }],
      ['PATCH', `/api/v1/venueEventCategory/${v.vec}/`, { name: 'x' }],
      ['DELETE', `/api/v1/venueEventCategory/${v.vec}/`],
      ['PATCH', `/api/v1/venueEventCategory/${v.vec}/taxConfiguration/`, { entries: [] }],
      ['POST', '/api/v1/competition/', { vec: v.vec, number: '2', name: 'Two' }],
      ['PATCH', `/api/v1/competition/${v.competition}/`, { name: 'x' }],
      ['DELETE', `/api/v1/competition/${v.competition}/`],
      ['POST', '/api/v1/consumable/', { venue: v.venue, name: 'Hay', category: 'hay', unit_price: 1 }],
      ['PATCH', `/api/v1/consumable/${v.consumable}/`, { name: 'x' }],
      ['DELETE', `/api/v1/consumable/${v.consumable}/`],
      ['GET', `/api/v1/venue/${v.venue}/users/`],
      ['POST', `/api/v1/venue/${v.venue}/users/`, { user: stable, roles: ['stable'] }],
      ['DELETE', `/api/v1/venue/${v.venue}/users/${stable}/`],
      ['GET', `/api/v1/emailTemplate/?venue=${v.venue}`],
      ['GET', `/api/v1/emailTemplate/${template}/`],
      ['POST', '/api/v1/emailTemplate/', { venue: v.venue, name: 'N', subject: 'S' }],
      ['PATCH', `/api/v1/emailTemplate/${template}/`, { name: 'x' }],
      ['POST', `/api/v1/emailTemplate/${template}/send/`, { venue: v.venue }],
      ['DELETE', `/api/v1/emailTemplate/${template}/`],
      ['POST', '/api/v1/country/', { code: 'AT', name: 'Austria' }],
      ['PATCH', '/api/v1/country/SI/', { name: 'x' }],
      ['DELETE', '/api/v1/country/SI/'],
      ['POST', '/api/v1/currency/', { code: 'CHF', name: 'Franc' }],
      ['PATCH', '/api/v1/currency/EUR/', { name: 'x' }],
      ['DELETE', '/api/v1/currency/EUR/'],
      ['POST', '/api/v1/eventCategory/', { code: 'CCI', name: 'Eventing' }],
      ['PATCH', `/api/v1/eventCategory/${eventCategory}/`, { name: 'x' }],
      ['DELETE', `/api/v1/eventCategory/${eventCategory}/`],
      ['POST', '/api/v1/taxType/', { code: 'U', name: 'U', rates: [{ rate_bp: 1, valid_from: '2020-01-01' }] }],
      ['PATCH', `/api/v1/taxType/${taxType}/`, { name: 'x' }],
      ['DELETE', `/api/v1/taxType/${taxType}/`],
      ['POST', '/api/v1/termsAndConditions/', { version: '2030-01' }],
      ['GET', `/api/v1/venueBankAccount/?venue=${v.venue}`],
      [
        'POST',
        '/api/v1/venueBankAccount/',
        { venue: v.venue, holder_name: 'H', iban: 'DE89370400440532013000', currency: 'EUR' },
      ],
      ['PATCH', `/api/v1/venueBankAccount/${bank}/`, { holder_name: 'x' }],
      ['DELETE', `/api/v1/venueBankAccount/${bank}/`],
    ];
    const others = DEMO_USERS.filter((u) => !u.roles.includes('admin')).map((u) => u.username);
    const wrong: string[] = [];
    for (const username of others) {
      for (const [method, url, payload] of routes) {
        const res = await call(username, method, url, payload);
        if (res.statusCode !== 403) wrong.push(`${username} ${method} ${url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(others).toHaveLength(DEMO_USERS.length - 1);

    const refusedAdmin: string[] = [];
    for (const [method, url, payload] of routes) {
      const res = await call('admin', method, url, payload);
      if (res.statusCode === 401 || res.statusCode === 403) refusedAdmin.push(`${method} ${url}`);
    }
    expect(refusedAdmin).toEqual([]);
  });
});
