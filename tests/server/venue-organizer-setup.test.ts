import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, venueBankAccounts, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

/*
 * A show office sets up its own show: the organizer of venue 1 (the demo organizer) writes the
 * venue's details and invoicing, its events, prices, taxes, competitions, staff, head-number
 * range and bank account — and nothing of another venue, nor the global configuration.
 */

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const organizer = (method: Method, url: string, payload?: object) => call('organizer', method, url, payload);
const admin = (method: Method, url: string, payload?: object) => call('admin', method, url, payload);

/** An account with no role and no venue yet: someone the office takes on as staff. */
async function newStaffAccount(username: string): Promise<number> {
  const [user] = await server()
    .database.db.insert(users)
    .values({
      username,
      email: `${username}@staff.test`,
      firstName: 'New',
      lastName: 'Staff',
      roles: [],
      language: 'de',
    })
    .returning({ id: users.id });
  return user!.id;
}

async function userId(username: string): Promise<number> {
  const [row] = await server().database.db.select().from(users).where(eq(users.username, username));
  return row!.id;
}

const issuer = {
  legal_name: 'Reitverein Paddock e. V.',
  address: 'Turnierweg 1',
  postal_code: '80331',
  city: 'München',
  country: 'de',
  vat_id: 'de 123 456 789',
  tax_number: '143/123/45678',
  invoice_email: 'rechnung@reitverein.example',
  contact_name: 'Meldestelle',
  contact_phone: '+49 89 123456',
  contact_email: 'meldestelle@reitverein.example',
  legal_registration_id: 'Amtsgericht München VR 1234',
};

describe("the venue's invoicing details", () => {
  it('are set by the venue’s organizer, normalised, and read back', async () => {
    const res = await organizer('PATCH', '/api/v1/venue/1/', issuer);
    expect(res.statusCode).toBe(200);
    const expected = { ...issuer, country: 'DE', vat_id: 'DE123456789' };
    expect(res.json()).toMatchObject(expected);
    expect((await organizer('GET', '/api/v1/venue/1/')).json()).toMatchObject(expected);
    const [row] = await server().database.db.select().from(venues).where(eq(venues.id, 1));
    expect(row).toMatchObject({ vatId: 'DE123456789', contactPhone: '+49 89 123456', postalCode: '80331' });

    // an empty value clears an optional field
    const cleared = await organizer('PATCH', '/api/v1/venue/1/', { tax_number: '', contact_name: '' });
    expect(cleared.json()).toMatchObject({ tax_number: null, contact_name: null, vat_id: 'DE123456789' });
  });

  it('refuse malformed values field by field and change nothing', async () => {
    await organizer('PATCH', '/api/v1/venue/1/', issuer);
    const res = await organizer('PATCH', '/api/v1/venue/1/', {
      vat_id: '123456789',
      invoice_email: 'not-an-address',
      contact_email: 'a@',
      contact_phone: 'call me',
      country: 'XX',
      postal_code: 'x'.repeat(17),
      legal_registration_id: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      vat_id: ['invalid_vat_id'],
      invoice_email: ['invalid_email'],
      contact_email: ['invalid_email'],
      contact_phone: ['invalid_phone'],
      country: ['invalid_country'],
      postal_code: ['too_long'],
      legal_registration_id: ['too_long'],
    });
    // a venue cannot lose its country: where the show is held decides its VAT
    const noCountry = await organizer('PATCH', '/api/v1/venue/1/', { country: null });
    expect(noCountry.json().fields).toEqual({ country: ['invalid'] });
    expect((await organizer('GET', '/api/v1/venue/1/')).json()).toMatchObject({
      ...issuer,
      country: 'DE',
      vat_id: 'DE123456789',
    });
  });

  it('accept the VAT id prefixes of EN 16931 (EL for Greece, XI, CHE) and refuse unknown ones', async () => {
    for (const [input, stored] of [
      ['EL094259216', 'EL094259216'],
      ['XI 123 4567 89', 'XI123456789'],
      ['CHE-123.456.789 MWST', 'CHE123456789MWST'],
      ['ATU12345678', 'ATU12345678'],
    ]) {
      const res = await organizer('PATCH', '/api/v1/venue/1/', { vat_id: input });
      expect(res.json().vat_id, input).toBe(stored);
    }
    const res = await organizer('PATCH', '/api/v1/venue/1/', { vat_id: 'QQ123456789' });
    expect(res.json().fields).toEqual({ vat_id: ['invalid_vat_id'] });
  });

  it('require a country when a venue is created', async () => {
    const res = await admin('POST', '/api/v1/venue/', { name: 'No country', currency: 'EUR', currencyDisplay: '€' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ country: ['required'] });
    expect((await admin('GET', '/api/v1/venue/')).json().count).toBe(1);
  });
});

describe('the organizer sets up its own show', () => {
  it('events, taxes, competitions, prices, head numbers, bank account and staff of its venue', async () => {
    const category = (await admin('POST', '/api/v1/eventCategory/', { code: 'CSN', name: 'National' })).json().id;
    const vec = await organizer('POST', '/api/v1/venueEventCategory/', {
      venue: 1,
      event_category: category,
      name: 'Springen national',
    });
    expect(vec.statusCode).toBe(201);
    const vecId = vec.json().id;
    expect((await organizer('PATCH', `/api/v1/venueEventCategory/${vecId}/`, { name: 'CSN*' })).statusCode).toBe(200);
    const taxes = await organizer('PATCH', `/api/v1/venueEventCategory/${vecId}/taxConfiguration/`, { entries: [] });
    expect(taxes.statusCode).toBe(200);
    const competition = await organizer('POST', '/api/v1/competition/', {
      vec: vecId,
      number: '9',
      name: 'Springpferde',
    });
    expect(competition.statusCode).toBe(201);
    const competitionId = competition.json().id;
    expect((await organizer('PATCH', `/api/v1/competition/${competitionId}/`, { name: 'A**' })).statusCode).toBe(200);
    expect((await organizer('DELETE', `/api/v1/competition/${competitionId}/`)).statusCode).toBe(204);
    const article = await organizer('POST', '/api/v1/consumable/', {
      venue: 1,
      name: 'Späne',
      category: 'shavings',
      unit_price: 868,
    });
    expect(article.statusCode).toBe(201);
    const articleId = article.json().id;
    expect((await organizer('PATCH', `/api/v1/consumable/${articleId}/`, { unit_price: 900 })).statusCode).toBe(200);
    expect((await organizer('DELETE', `/api/v1/consumable/${articleId}/`)).statusCode).toBe(204);
    expect((await organizer('DELETE', `/api/v1/venueEventCategory/${vecId}/`)).statusCode).toBe(204);

    const range = await organizer('PATCH', '/api/v1/venue/1/', { head_number_from: 500, head_number_to: 599 });
    expect(range.json()).toMatchObject({ head_number_from: 500, head_number_to: 599 });

    const bank = await organizer('POST', '/api/v1/venueBankAccount/', {
      venue: 1,
      holder_name: 'Reitverein Paddock e. V.',
      iban: 'DE89 3704 0044 0532 0130 00',
      currency: 'EUR',
      is_default: true,
    });
    expect(bank.statusCode).toBe(201);
    expect(bank.json()).toMatchObject({ venue: 1, iban: 'DE89370400440532013000', is_default: true });
    const badIban = await organizer('POST', '/api/v1/venueBankAccount/', {
      venue: 1,
      holder_name: 'X',
      iban: 'DE89370400440532013001',
      currency: 'EUR',
    });
    expect(badIban.json().fields).toEqual({ iban: ['invalid_iban'] });
    const listed = (await organizer('GET', '/api/v1/venueBankAccount/')).json();
    expect(listed.results.map((a: { venue: number }) => a.venue)).toEqual(listed.results.map(() => 1));
    expect(listed.count).toBeGreaterThan(0);
    expect(
      (await organizer('PATCH', `/api/v1/venueBankAccount/${bank.json().id}/`, { bank_name: 'Stadtsparkasse' }))
        .statusCode,
    ).toBe(200);

    const helper = await newStaffAccount('helper');
    const assigned = await organizer('POST', '/api/v1/venue/1/users/', { user: helper, roles: ['welcomedesk'] });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ id: helper, roles: ['welcomedesk'] });
    expect((await organizer('GET', '/api/v1/venue/1/users/')).json().count).toBe(6);
    expect((await organizer('DELETE', `/api/v1/venue/1/users/${helper}/`)).statusCode).toBe(204);
  });
});

describe("another venue's set-up and the global configuration", () => {
  it('stay closed to the organizer of venue 1, and nothing changes', async () => {
    const other = (
      await admin('POST', '/api/v1/venue/', {
        name: 'Other show',
        country: 'AT',
        currency: 'EUR',
        currencyDisplay: '€',
      })
    ).json().id;
    const category = (await admin('POST', '/api/v1/eventCategory/', { code: 'CSN', name: 'National' })).json().id;
    const vec = (
      await admin('POST', '/api/v1/venueEventCategory/', { venue: other, event_category: category, name: 'CSN' })
    ).json().id;
    const competition = (await admin('POST', '/api/v1/competition/', { vec, number: '1', name: 'Opener' })).json().id;
    const consumable = (
      await admin('POST', '/api/v1/consumable/', { venue: other, name: 'Box', category: 'box', unit_price: 100 })
    ).json().id;
    const bank = (
      await admin('POST', '/api/v1/venueBankAccount/', {
        venue: other,
        holder_name: 'Other',
        iban: 'AT611904300234573201',
        currency: 'EUR',
      })
    ).json().id;
    const otherStaff = await userId('official');
    await admin('POST', `/api/v1/venue/${other}/users/`, { user: otherStaff, roles: ['stable'] });

    const denied: [Method, string, object?][] = [
      ['POST', '/api/v1/venue/', { name: 'Mine', country: 'DE', currency: 'EUR', currencyDisplay: '€' }],
      ['GET', '/api/v1/venue/'],
      ['PATCH', `/api/v1/venue/${other}/`, { legal_name: 'Taken over' }],
      ['POST', '/api/v1/venueEventCategory/', { venue: other, event_category: category, name: 'X' }],
      ['PATCH', `/api/v1/venueEventCategory/${vec}/`, { name: 'X' }],
      ['DELETE', `/api/v1/venueEventCategory/${vec}/`],
      ['PATCH', `/api/v1/venueEventCategory/${vec}/taxConfiguration/`, { entries: [] }],
      ['POST', '/api/v1/competition/', { vec, number: '2', name: 'Two' }],
      ['PATCH', `/api/v1/competition/${competition}/`, { name: 'X' }],
      ['DELETE', `/api/v1/competition/${competition}/`],
      ['POST', '/api/v1/consumable/', { venue: other, name: 'Hay', category: 'hay', unit_price: 1 }],
      ['POST', '/api/v1/consumable/', [{ venue: other, name: 'Hay', category: 'hay', unit_price: 1 }]],
      ['POST', '/api/v1/consumable/copy/', { from_venue: 1, to_venue: other }],
      ['POST', '/api/v1/consumable/copy/', { from_venue: other, to_venue: 1 }],
      ['PATCH', `/api/v1/consumable/${consumable}/`, { name: 'X' }],
      ['DELETE', `/api/v1/consumable/${consumable}/`],
      ['GET', `/api/v1/venueBankAccount/?venue=${other}`],
      [
        'POST',
        '/api/v1/venueBankAccount/',
        { venue: other, holder_name: 'H', iban: 'DE89370400440532013000', currency: 'EUR' },
      ],
      ['PATCH', `/api/v1/venueBankAccount/${bank}/`, { holder_name: 'X' }],
      ['DELETE', `/api/v1/venueBankAccount/${bank}/`],
      ['GET', `/api/v1/venue/${other}/users/`],
      ['POST', `/api/v1/venue/${other}/users/`, { user: await userId('simpleuser'), roles: ['organizer'] }],
      ['DELETE', `/api/v1/venue/${other}/users/${otherStaff}/`],
      ['POST', '/api/v1/eventCategory/', { code: 'CDI', name: 'Dressage' }],
      ['POST', '/api/v1/taxType/', { code: 'U', name: 'U', rates: [{ rate_bp: 1, valid_from: '2020-01-01' }] }],
    ];
    const answers: string[] = [];
    for (const [method, url, payload] of denied) {
      answers.push(`${method} ${url} ${(await organizer(method, url, payload)).statusCode}`);
    }
    expect(answers).toEqual(denied.map(([method, url]) => `${method} ${url} 403`));

    const [venue] = await server().database.db.select().from(venues).where(eq(venues.id, other));
    expect(venue).toMatchObject({ legalName: null, name: 'Other show' });
    const accounts = await server().database.db.select().from(venueBankAccounts).where(eq(venueBankAccounts.id, bank));
    expect(accounts).toMatchObject([{ holderName: 'Other' }]);
    expect((await admin('GET', `/api/v1/competition/${competition}/`)).json().name).toBe('Opener');
    expect((await admin('GET', `/api/v1/venue/${other}/users/`)).json().count).toBe(1);
  });

  it("does not let an organizer take another venue's staff into its own", async () => {
    const other = (
      await admin('POST', '/api/v1/venue/', {
        name: 'Other show',
        country: 'AT',
        currency: 'EUR',
        currencyDisplay: '€',
      })
    ).json().id;
    const theirs = await userId('official');
    await admin('POST', `/api/v1/venue/${other}/users/`, { user: theirs, roles: ['organizer'] });
    const res = await organizer('POST', '/api/v1/venue/1/users/', { user: theirs, roles: ['stable'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ user: ['assigned_elsewhere'] });
    const [row] = await server().database.db.select().from(users).where(eq(users.id, theirs));
    expect(row).toMatchObject({ assignedVenueId: other, roles: ['official', 'organizer'] });
  });

  it("does not let an organizer give a rider's account the show's roles (nor read it)", async () => {
    const rider = await userId('rider');
    const res = await organizer('POST', '/api/v1/venue/1/users/', { user: rider, roles: ['welcomedesk'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { user: ['not_allowed'] } });
    expect(res.body).not.toContain('rider@');
    const [row] = await server().database.db.select().from(users).where(eq(users.id, rider));
    expect(row).toMatchObject({ assignedVenueId: null, roles: ['rider'] });
    expect((await admin('POST', '/api/v1/venue/1/users/', { user: rider, roles: ['welcomedesk'] })).statusCode).toBe(
      200,
    );
  });

  it('finds a staff account to take on by its exact e-mail or username, and nobody else', async () => {
    const helper = await newStaffAccount('helper');
    const found = await organizer('GET', '/api/v1/venue/1/users/candidates/?q=HELPER@staff.test');
    expect(found.statusCode).toBe(200);
    expect(found.json().results).toEqual([expect.objectContaining({ id: helper, username: 'helper' })]);
    expect((await organizer('GET', '/api/v1/venue/1/users/candidates/?q=helper')).json().count).toBe(1);
    // partial values, a rider's account and another venue's staff are not found
    expect((await organizer('GET', '/api/v1/venue/1/users/candidates/?q=helper@staff')).json().count).toBe(0);
    const rider = await organizer('GET', '/api/v1/venue/1/users/candidates/?q=rider@paddock.demo');
    expect(rider.json()).toEqual({ count: 0, results: [] });
    const other = (
      await admin('POST', '/api/v1/venue/', {
        name: 'Other show',
        country: 'AT',
        currency: 'EUR',
        currencyDisplay: '€',
      })
    ).json().id;
    await admin('POST', `/api/v1/venue/${other}/users/`, { user: helper, roles: ['stable'] });
    expect((await organizer('GET', '/api/v1/venue/1/users/candidates/?q=helper')).json().count).toBe(0);
    expect((await organizer('GET', `/api/v1/venue/${other}/users/candidates/?q=helper`)).statusCode).toBe(403);
    // the admin finds any account not working elsewhere, a rider's included
    expect((await admin('GET', '/api/v1/venue/1/users/candidates/?q=rider@paddock.demo')).json().count).toBe(1);
  });

  it('keeps the show office (not the organizer) to reading the set-up', async () => {
    const showoffice = await userId('stable');
    await server()
      .database.db.update(users)
      .set({ roles: ['showoffice'] })
      .where(eq(users.id, showoffice));
    expect((await call('stable', 'GET', '/api/v1/venueEventCategory/?venue=1')).statusCode).toBe(200);
    expect((await call('stable', 'PATCH', '/api/v1/venue/1/', { legal_name: 'x' })).statusCode).toBe(403);
    expect((await call('stable', 'GET', '/api/v1/venueBankAccount/')).statusCode).toBe(403);
  });
});
