import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_VENUE } from '../../server/src/demo/demo-data';
import { auditLog, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function call(username: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => call('admin', method, url, payload);

const newVenue = {
  name: 'Autumn Tour',
  fei_id: '2026_CI_0200',
  city: 'Wien',
  country: 'AT',
  currency: 'EUR',
  currencyDisplay: 'EUR',
  start_date: '2026-10-01',
  end_date: '2026-10-04',
  time_zone: 'Europe/Vienna',
  whitelabel_domain: 'Autumn.Example.com',
  head_number_from: 100,
  head_number_to: 199,
  self_checkout: true,
  prices_include_tax: false,
  max_entry_minor: 250_000,
};
/** The invoicing details a venue has before its office fills them in. */
const noIssuer = {
  legal_name: null,
  address: null,
  postal_code: null,
  vat_id: null,
  tax_number: null,
  legal_registration_id: null,
  invoice_email: null,
  contact_name: null,
  contact_phone: null,
  contact_email: null,
};

describe('venue create and update', () => {
  it('creates a venue with every field and audits it', async () => {
    const res = await admin('POST', '/api/v1/venue/', newVenue);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      ...newVenue,
      ...noIssuer,
      id: 2,
      whitelabel_domain: 'autumn.example.com',
      whitelabel_logo_url: null,
    });
    expect((await call('admin', 'GET', '/api/v1/venue/2/')).json()).toEqual(created);
    const [audit] = await server().database.db.select().from(auditLog).where(eq(auditLog.action, 'venue.create'));
    expect(audit!.details).toMatchObject({ venue: 2, name: 'Autumn Tour' });
  });

  it('checks ranges, dates and uniqueness across fields', async () => {
    const res = await admin('POST', '/api/v1/venue/', {
      ...newVenue,
      fei_id: DEMO_VENUE.feiId,
      whitelabel_domain: 'WHITELABEL.localhost',
      head_number_to: 99,
      end_date: '2026-09-30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      fei_id: ['duplicate'],
      whitelabel_domain: ['duplicate'],
      head_number_to: ['too_small'],
      end_date: ['too_small'],
    });
    const bad = await admin('POST', '/api/v1/venue/', {
      currency: 'EURO',
      whitelabel_domain: 'http://x',
      head_number_from: 0,
    });
    expect(bad.json().fields).toEqual({
      name: ['required'],
      country: ['required'],
      currency: ['invalid_currency'],
      currencyDisplay: ['invalid'],
      whitelabel_domain: ['invalid'],
      head_number_from: ['too_small'],
    });
    expect((await admin('GET', '/api/v1/venue/')).json().count).toBe(1);
  });

  it('patches only the fields sent, against the stored values', async () => {
    const id = (await admin('POST', '/api/v1/venue/', newVenue)).json().id;
    const renamed = await admin('PATCH', `/api/v1/venue/${id}/`, { name: 'Autumn Tour II', fei_id: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      ...newVenue,
      ...noIssuer,
      id,
      name: 'Autumn Tour II',
      fei_id: null,
      whitelabel_domain: 'autumn.example.com',
      whitelabel_logo_url: null,
    });
    const range = await admin('PATCH', `/api/v1/venue/${id}/`, { head_number_to: 50 });
    expect(range.json().fields).toEqual({ head_number_to: ['too_small'] });
    const taken = await admin('PATCH', `/api/v1/venue/${id}/`, { fei_id: DEMO_VENUE.feiId });
    expect(taken.json().fields).toEqual({ fei_id: ['duplicate'] });
    const own = await admin('PATCH', '/api/v1/venue/1/', { fei_id: DEMO_VENUE.feiId, whitelabel_domain: '' });
    expect(own.json()).toMatchObject({ fei_id: DEMO_VENUE.feiId, whitelabel_domain: null });
    expect((await admin('PATCH', '/api/v1/venue/99/', { name: 'x' })).statusCode).toBe(404);
    const audits = await server().database.db.select().from(auditLog).where(eq(auditLog.action, 'venue.update'));
    expect(audits.map((a) => a.details)).toEqual([
      { venue: id, name: 'Autumn Tour II', fei_id: null },
      { venue: 1, fei_id: DEMO_VENUE.feiId, whitelabel_domain: null },
    ]);
  });

  it('is created by admins only; its own organizer edits it, the floor staff does not', async () => {
    expect((await call('organizer', 'POST', '/api/v1/venue/', newVenue)).statusCode).toBe(403);
    expect((await call('organizer', 'PATCH', '/api/v1/venue/1/', { name: 'Mine' })).statusCode).toBe(200);
    expect((await call('stable', 'PATCH', '/api/v1/venue/1/', { name: 'Ours' })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/venue/', () => {
  it('pages by 100 and searches name, FEI id and city', async () => {
    await server()
      .database.db.insert(venues)
      .values(
        Array.from({ length: 104 }, (_, i) => ({
          name: `Show ${String(i).padStart(3, '0')}`,
          feiId: `2027_CI_${String(i).padStart(4, '0')}`,
          city: i === 7 ? 'Aachen' : 'Elsewhere',
          startDate: '2027-01-01',
        })),
      );
    const first = await admin('GET', '/api/v1/venue/');
    expect(first.json().count).toBe(105);
    expect(first.json().results).toHaveLength(100);
    expect(first.json().results[0]).toMatchObject({
      head_number_from: null,
      self_checkout: false,
      time_zone: 'Europe/Berlin',
    });
    const second = await admin('GET', '/api/v1/venue/?page=2');
    expect(second.json().results).toHaveLength(5);

    expect(
      (await admin('GET', '/api/v1/venue/?search=aachen')).json().results.map((v: { name: string }) => v.name),
    ).toEqual(['Show 007']);
    expect((await admin('GET', '/api/v1/venue/?search=2027_CI_010')).json().count).toBe(4);
    expect((await admin('GET', '/api/v1/venue/?search=classic')).json().results).toEqual([
      expect.objectContaining({
        id: 1,
        head_number_from: 1,
        head_number_to: 999,
        whitelabel_domain: 'whitelabel.localhost',
      }),
    ]);
    expect((await admin('GET', '/api/v1/venue/?search=100%25')).json().count).toBe(0);
  });
});
