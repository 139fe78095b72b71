import type { RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { DEMO_USERS } from '../../server/src/demo/demo-data';
import { bankAccounts, countries, currencies, riders, users, venues } from '../../server/src/db/schema';
import type { RoutePolicy } from '../../server/src/types';
import { COUNTRY_CODES, CURRENCY_CODES, isTimeZone } from '@shared/schemas/iso-codes';
import { newKey, postEntry } from './ledger-fixtures';
import { seedOwnerFixtures, VALID_BIC, VALID_IBAN } from './owner-fixtures';
import { useSeededServer } from './helpers/use-server';

/**
 * Free-text codes that feed SQL functions or Intl formatting (time zones, currencies,
 * countries, languages) are refused with a field error, and a PATCH that changes nothing is a 400
 * rather than a 500 ("No values to set").
 */
const { server, f, db, call } = useSeededServer(seedOwnerFixtures);

const venueRow = async () => (await db().select().from(venues).where(eq(venues.id, 1)))[0]!;
const charge = async () =>
  postEntry(
    server().app,
    await server().auth('stable'),
    { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box },
    newKey(),
  );

describe('the code lists', () => {
  it('hold only codes that Intl formats, and every zone Intl knows is accepted', () => {
    const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    expect([...COUNTRY_CODES].filter((code) => !regions.of(code))).toEqual([]);
    expect(COUNTRY_CODES.size).toBe(250);
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect([...CURRENCY_CODES].filter((code) => !known.has(code))).toEqual([]);
    expect(new Intl.NumberFormat('de', { style: 'currency', currency: 'CHF' }).format(1)).toContain('CHF');
    expect(Intl.supportedValuesOf('timeZone').filter((zone) => !isTimeZone(zone))).toEqual([]);
    expect(['UTC', 'Etc/GMT+1', 'europe/berlin'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus_Mons', 'GMT+1', '+01:00', 'Europe/Berlin; SELECT 1', ''].some(isTimeZone)).toBe(false);
  });
});

describe('time zones', () => {
  it('refuses a zone that is not an IANA zone, and the venue keeps charging and taking spectators', async () => {
    const before = await venueRow();
    for (const zone of ['Mars/Olympus_Mons', 'Europe/Atlantis', '+01:00', 'CET; DROP TABLE venues', '']) {
      const res = await call('admin', 'PATCH', '/api/v1/venue/1/', { time_zone: zone });
      expect(res.statusCode, zone).toBe(400);
      expect(res.json().fields.time_zone, zone).toEqual([zone ? 'invalid_time_zone' : 'required']);
    }
    expect(await venueRow()).toEqual(before);

    const charged = await charge();
    expect(charged.statusCode, charged.body).toBe(201);
    expect((await call('stable', 'GET', '/api/v1/transaction/?venue=1')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/v1/venue/public/')).statusCode).toBe(200);
    const visit = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await db().update(venues).set({ startDate: null, endDate: null }).where(eq(venues.id, 1));
    const registered = await call(null, 'POST', '/api/v1/attendance/', {
      venue: 1,
      first_name: 'Sara',
      last_name: 'Zuschauer',
      email: 'sara@example.com',
      visit_date: visit,
      people: 2,
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('accepts a real zone, and charges are dated in it', async () => {
    const res = await call('admin', 'PATCH', '/api/v1/venue/1/', { time_zone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().time_zone).toBe('America/New_York');
    expect((await charge()).statusCode).toBe(201);
    expect((await call('admin', 'GET', '/api/v1/transaction/?venue=1')).statusCode).toBe(200);
  });

  it('refuses a bad zone on a new venue too', async () => {
    const res = await call('admin', 'POST', '/api/v1/venue/', {
      name: 'Red Planet Cup',
      country: 'DE',
      currency: 'EUR',
      currencyDisplay: '€',
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ time_zone: ['invalid_time_zone'] });
    expect(await db().select({ id: venues.id }).from(venues).where(eq(venues.name, 'Red Planet Cup'))).toEqual([]);
  });
});

describe('currencies and countries', () => {
  it('refuses an unknown currency or country on the venue', async () => {
    const before = await venueRow();
    const res = await call('admin', 'PATCH', '/api/v1/venue/1/', { currency: 'XYZ', country: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ currency: ['invalid_currency'], country: ['invalid_country'] });
    expect(await venueRow()).toEqual(before);
    expect((await charge()).statusCode).toBe(201);
  });

  it('upper-cases a real code written in lower case', async () => {
    const res = await call('admin', 'PATCH', '/api/v1/venue/1/', { country: 'si' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().country).toBe('SI');
  });

  it('refuses unknown codes in the reference tables', async () => {
    const countriesBefore = await db().select().from(countries);
    const currenciesBefore = await db().select().from(currencies);
    const country = await call('admin', 'POST', '/api/v1/country/', { code: 'XX', name: 'Nowhere' });
    expect(country.statusCode).toBe(400);
    expect(country.json().fields).toEqual({ code: ['invalid_country'] });
    const currency = await call('admin', 'POST', '/api/v1/currency/', { code: 'ABC', name: 'Play money' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().fields).toEqual({ code: ['invalid_currency'] });
    expect(await db().select().from(countries)).toEqual(countriesBefore);
    expect(await db().select().from(currencies)).toEqual(currenciesBefore);
  });

  it('refuses an unknown currency on bank accounts and an unknown country on a profile', async () => {
    const accountsBefore = await db().select().from(bankAccounts);
    const own = await call('rider', 'POST', `/api/v1/rider/${f.rider}/bankAccounts/`, {
      holder_name: 'Rosa Rider',
      iban: VALID_IBAN,
      bic: VALID_BIC,
      currency: 'DOGE',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual({ currency: ['invalid_currency'] });
    const venueAccount = await call('admin', 'POST', '/api/v1/venueBankAccount/', {
      venue: 1,
      holder_name: 'Show GmbH',
      iban: VALID_IBAN,
      currency: 'QQQ',
    });
    expect(venueAccount.statusCode).toBe(400);
    expect(venueAccount.json().fields).toEqual({ currency: ['invalid_currency'] });
    expect(await db().select().from(bankAccounts)).toEqual(accountsBefore);

    const riderBefore = (await db().select().from(riders).where(eq(riders.id, f.rider)))[0];
    const profile = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { country: 'QQ', nationality: 'XA' });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().fields).toEqual({ country: ['invalid_country'], nationality: ['invalid_country'] });
    expect((await db().select().from(riders).where(eq(riders.id, f.rider)))[0]).toEqual(riderBefore);
    const cleared = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { country: '', nationality: 'si' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ country: null, nationality: 'SI' });
  });
});

describe('dates', () => {
  it('refuses year 0000 and other years no show has, with invalid_date instead of a 500', async () => {
    const venueBefore = await venueRow();
    for (const day of ['0000-01-01', '1899-12-31', '3000-01-01']) {
      const res = await call('admin', 'PATCH', '/api/v1/venue/1/', { start_date: day });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().fields, day).toEqual({ start_date: ['invalid_date'] });
    }
    expect(await venueRow()).toEqual(venueBefore);
    const terms = await call('admin', 'POST', '/api/v1/termsAndConditions/', {
      version: 'v-year-0',
      published_at: '0000-01-01T00:00:00Z',
    });
    expect(terms.statusCode).toBe(400);
    expect(terms.json().fields).toEqual({ published_at: ['invalid_date'] });
    const list = await call('admin', 'GET', '/api/v1/transaction/?venue=1&date_from=0000-01-01');
    expect(list.statusCode).toBe(400);
    expect(list.json().fields).toEqual({ date_from: ['invalid_date'] });
    const entry = await postEntry(
      server().app,
      await server().auth('admin'),
      {
        venue: 1,
        kind: 'charge',
        party_type: 'rider',
        party_id: f.rider,
        consumable: f.box,
        occurred_at: '0000-01-01T00:00:00Z',
      },
      newKey(),
    );
    expect(entry.statusCode).toBe(400);
    expect(entry.json().fields).toEqual({ occurred_at: ['invalid_date'] });
    const profile = await call('rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { birth_date: '0000-01-01' });
    expect(profile.statusCode).toBe(400);
    // Malformed dates still get one error, not two.
    const malformed = await call('admin', 'PATCH', '/api/v1/venue/1/', { start_date: 'soon' });
    expect(malformed.json().fields).toEqual({ start_date: ['invalid_date'] });
    const fine = await call('admin', 'PATCH', '/api/v1/venue/1/', { start_date: '2026-07-01', end_date: '2026-07-05' });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('ids', () => {
  it('refuses an id beyond what the database holds with a 400, not a 500', async () => {
    const big = 99_999_999_999;
    for (const [user, method, url, body] of [
      ['admin', 'GET', `/api/v1/venue/${big}/`, undefined],
      ['admin', 'PATCH', `/api/v1/bankAccount/${big}/`, { bank_name: 'X' }],
      ['admin', 'GET', `/api/v1/transaction/?venue=${big}`, undefined],
      ['admin', 'GET', `/api/v1/auditLog/?user=${big}`, undefined],
      ['admin', 'POST', '/api/v1/venueParticipation/', { venue: 1, rider: big }],
      ['admin', 'GET', `/api/v1/balance/check/?venue=${big}`, undefined],
      ['admin', 'PATCH', '/api/v1/merchant/1/', { fee_fixed_minor: big }],
      [null, 'POST', '/api/v1/errorReport/', { kind: 'http', status: big, url: '/x', message: 'x' }],
    ] as const) {
      const res = await call(user, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().error, `${method} ${url}`).toBe('validation');
    }
  });
});

describe('NUL characters', () => {
  it('are refused in bodies, queries and paths with a field error, never a 500', async () => {
    const riderBefore = (await db().select().from(riders).where(eq(riders.id, f.rider)))[0];
    for (const [user, method, url, body, fields] of [
      ['rider', 'PATCH', `/api/v1/rider/${f.rider}/`, { first_name: 'Ro\u0000sa' }, { first_name: ['invalid'] }],
      ['admin', 'GET', '/api/v1/rider/?search=a%00b', undefined, { search: ['invalid'] }],
      ['admin', 'PATCH', '/api/v1/venue/1/', { city: 'Lj\u0000' }, { city: ['invalid'] }],
      ['admin', 'PATCH', '/api/v1/country/S%00/', { name: 'Somewhere' }, { code: ['invalid'] }],
      [null, 'POST', '/api/token/auth/', { username: 'admin\u0000', password: 'x' }, { username: ['invalid'] }],
      [
        null,
        'POST',
        '/api/v1/errorReport/',
        { kind: 'http', url: '/x', message: 'm', stack: 'at \u0000' },
        { stack: ['invalid'] },
      ],
    ] as const) {
      const res = await call(user, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().fields, url).toEqual(fields);
    }
    expect((await db().select().from(riders).where(eq(riders.id, f.rider)))[0]).toEqual(riderBefore);
  });
});

describe('languages', () => {
  it('accepts only the five languages', async () => {
    const before = (await db().select({ language: users.language }).from(users).where(eq(users.username, 'rider')))[0];
    const res = await call('rider', 'PATCH', '/api/auth/user/', { language: 'tlh' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ language: ['invalid'] });
    const spectator = await call(null, 'POST', '/api/v1/attendance/', {
      venue: 1,
      first_name: 'Sara',
      last_name: 'Zuschauer',
      email: 'sara@example.com',
      visit_date: new Date().toISOString().slice(0, 10),
      people: 1,
      language: 'xx-YY',
    });
    expect(spectator.statusCode).toBe(400);
    expect(spectator.json().fields).toMatchObject({ language: ['invalid'] });
    expect((await db().select({ language: users.language }).from(users).where(eq(users.username, 'rider')))[0]).toEqual(
      before,
    );
  });
});

describe('a change that changes nothing', () => {
  it('PATCH /bankAccount/{id}/ with {} is a 400 and leaves the account as it was', async () => {
    const created = await call('rider', 'POST', `/api/v1/rider/${f.rider}/bankAccounts/`, {
      holder_name: 'Rosa Rider',
      iban: VALID_IBAN,
      bic: VALID_BIC,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const before = await db().select().from(bankAccounts).where(eq(bankAccounts.id, id));
    for (const body of [{}, { owner_type: 'rider', unknown_field: 1 }]) {
      const res = await call('rider', 'PATCH', `/api/v1/bankAccount/${id}/`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { __all__: ['no_changes'] } });
    }
    expect(await db().select().from(bankAccounts).where(eq(bankAccounts.id, id))).toEqual(before);
    const edited = await call('rider', 'PATCH', `/api/v1/bankAccount/${id}/`, { bank_name: 'Commerzbank' });
    expect(edited.statusCode).toBe(200);
  });

  it('every PATCH route answers {} with 400 no_changes (or a field error), never 500 or 200', async () => {
    const routes: { url: string; policy: RoutePolicy | undefined }[] = [];
    const collect = (route: RouteOptions) => {
      if ([route.method].flat().includes('PATCH')) routes.push({ url: route.url, policy: route.config?.policy });
    };
    const app = await server().buildApp({}, collect);
    await app.ready();
    // The ledger's PATCH is a correction (reversal + new entry): its empty change is covered in
    // the ledger's own tests.
    const patches = routes.filter((r) => r.url !== '/api/v1/transaction/:id/');
    expect(patches.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const route of patches) {
      const policy = route.policy as Exclude<RoutePolicy, 'public'>;
      const demo = DEMO_USERS.find((u) => can(u.roles as Role[], policy))!;
      const url = route.url.replace(':kind', 'rider').replace(/:[A-Za-z0-9_]+/g, '1');
      const res = await app.inject({ method: 'PATCH', url, headers: await server().auth(demo.username), payload: {} });
      const body = res.json() as { error?: string; fields?: Record<string, string[]> };
      if (res.statusCode !== 400 || body.error !== 'validation')
        wrong.push(`${url} as ${demo.username}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    await app.close();
  });

  it('names no_changes for the patches whose fields are all optional', async () => {
    const venueBefore = await venueRow();
    for (const [user, url] of [
      ['admin', '/api/v1/venue/1/'],
      ['admin', '/api/v1/country/SI/'],
      ['admin', '/api/v1/currency/EUR/'],
      ['rider', `/api/v1/rider/${f.rider}/`],
      ['rider', '/api/auth/user/'],
    ] as const) {
      const res = await call(user, 'PATCH', url, {});
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ __all__: ['no_changes'] });
    }
    expect(await venueRow()).toEqual(venueBefore);
  });
});
