import { describe, expect, it } from 'vitest';
import { consumables, taxConfigurations, transactions, venueEventCategories } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

async function call(username: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const headers = await server().auth(username);
  return server().app.inject({ method, url, payload, headers });
}
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call('admin', method, url, payload);

/** `YYYY-MM-DD`, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('countries and currencies', () => {
  it('creates, lists, renames and deletes a country; codes are upper-cased and unique', async () => {
    const created = await admin('POST', '/api/v1/country/', { code: 'si', name: 'Slovenia' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ code: 'SI', name: 'Slovenia' });
    await admin('POST', '/api/v1/country/', { code: 'AT', name: 'Austria' });
    expect((await admin('POST', '/api/v1/country/', { code: 'SI', name: 'Again' })).json()).toMatchObject({
      error: 'validation',
      fields: { code: ['duplicate'] },
    });
    expect((await admin('POST', '/api/v1/country/', { code: 'SVN', name: '' })).json().fields).toEqual({
      code: ['invalid_country'],
      name: ['required'],
    });

    const renamed = await admin('PATCH', '/api/v1/country/si/', { name: 'Slovenija' });
    expect(renamed.json()).toEqual({ code: 'SI', name: 'Slovenija' });
    const list = await call('rider', 'GET', '/api/v1/country/');
    expect(list.json()).toEqual({
      count: 2,
      results: [
        { code: 'AT', name: 'Austria' },
        { code: 'SI', name: 'Slovenija' },
      ],
    });

    expect((await admin('DELETE', '/api/v1/country/SI/')).statusCode).toBe(204);
    expect((await admin('DELETE', '/api/v1/country/SI/')).statusCode).toBe(404);
    expect((await admin('GET', '/api/v1/country/')).json().count).toBe(1);
  });

  it('keeps a currency symbol and pages the list', async () => {
    for (const [code, symbol] of [
      ['EUR', '€'],
      ['CHF', 'Fr.'],
      ['PLN', 'zł'],
    ]) {
      expect((await admin('POST', '/api/v1/currency/', { code, name: code, symbol })).statusCode).toBe(201);
    }
    const page = await admin('GET', '/api/v1/currency/?page=2&page_size=2');
    expect(page.json()).toEqual({ count: 3, results: [{ code: 'PLN', name: 'PLN', symbol: 'zł' }] });
    expect((await admin('PATCH', '/api/v1/currency/EUR/', { symbol: 'EUR' })).json()).toEqual({
      code: 'EUR',
      name: 'EUR',
      symbol: 'EUR',
    });
    expect((await admin('POST', '/api/v1/currency/', { code: 'EU', name: 'x' })).json().fields).toEqual({
      code: ['invalid_currency'],
    });
    expect((await admin('DELETE', '/api/v1/currency/CHF/')).statusCode).toBe(204);
  });

  it('refuses writes to everyone but admins', async () => {
    expect((await call('organizer', 'POST', '/api/v1/country/', { code: 'SI', name: 'Slovenia' })).statusCode).toBe(
      403,
    );
    expect((await call('rider', 'DELETE', '/api/v1/currency/EUR/')).statusCode).toBe(403);
  });
});

describe('event categories', () => {
  it('round-trips and refuses to delete a category that a venue event uses', async () => {
    const created = await admin('POST', '/api/v1/eventCategory/', { code: 'CSI2*', name: 'International jumping' });
    expect(created.statusCode).toBe(201);
    const category = created.json();
    expect(category).toEqual({
      id: expect.any(Number),
      code: 'CSI2*',
      name: 'International jumping',
      discipline: 'jumping',
    });
    expect((await admin('POST', '/api/v1/eventCategory/', { code: 'CSI2*', name: 'x' })).json().fields).toEqual({
      code: ['duplicate'],
    });
    expect(
      (await admin('POST', '/api/v1/eventCategory/', { code: 'X', name: 'x', discipline: 'polo' })).json().fields,
    ).toEqual({
      discipline: ['invalid'],
    });
    const patched = await admin('PATCH', `/api/v1/eventCategory/${category.id}/`, { discipline: 'dressage' });
    expect(patched.json()).toEqual({ ...category, discipline: 'dressage' });

    await server()
      .database.db.insert(venueEventCategories)
      .values({ venueId: 1, eventCategoryId: category.id, name: 'CSI2*' });
    const refused = await admin('DELETE', `/api/v1/eventCategory/${category.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('in_use');

    const unused = (await admin('POST', '/api/v1/eventCategory/', { code: 'CDN', name: 'Dressage' })).json();
    expect((await admin('DELETE', `/api/v1/eventCategory/${unused.id}/`)).statusCode).toBe(204);
    expect((await call('stable', 'GET', '/api/v1/eventCategory/')).json()).toEqual({
      count: 1,
      results: [{ ...category, discipline: 'dressage' }],
    });
  });
});

describe('tax types', () => {
  const standard = {
    code: 'VAT_STD',
    name: 'Standard VAT',
    rates: [
      { rate_bp: 2200, valid_from: day(1), valid_to: null },
      { rate_bp: 2000, valid_from: '2020-01-01', valid_to: day(0) },
    ],
  };

  it('keeps rates inline and answers the rate valid today', async () => {
    const res = await admin('POST', '/api/v1/taxType/', standard);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      code: 'VAT_STD',
      name: 'Standard VAT',
      category: 'S',
      exemption_reason: null,
      exemption_code: null,
      rates: [
        { id: expect.any(Number), rate_bp: 2000, valid_from: '2020-01-01', valid_to: day(0) },
        { id: expect.any(Number), rate_bp: 2200, valid_from: day(1), valid_to: null },
      ],
      current_rate_bp: 2000,
    });
    const id = res.json().id;
    const moved = await admin('PATCH', `/api/v1/taxType/${id}/`, {
      rates: [
        { rate_bp: 2000, valid_from: '2020-01-01', valid_to: day(-1) },
        { rate_bp: 2200, valid_from: day(0) },
      ],
    });
    expect(moved.json()).toMatchObject({ name: 'Standard VAT', current_rate_bp: 2200 });
    expect(moved.json().rates).toHaveLength(2);
    const future = await admin('PATCH', `/api/v1/taxType/${id}/`, { rates: [{ rate_bp: 500, valid_from: day(5) }] });
    expect(future.json().current_rate_bp).toBeNull();
    expect((await call('merchant', 'GET', '/api/v1/taxType/')).json().results[0].rates).toEqual([
      { id: expect.any(Number), rate_bp: 500, valid_from: day(5), valid_to: null },
    ]);
  });

  it('states its VAT category: exempt and the like at 0 % with their legal text, standard above 0 %', async () => {
    const exempt = {
      code: 'VAT_EXEMPT',
      name: 'Exempt (sport)',
      category: 'E',
      exemption_reason: 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.',
      exemption_code: 'VATEX-EU-132-1M',
      rates: [{ rate_bp: 0, valid_from: '2020-01-01' }],
    };
    const created = await admin('POST', '/api/v1/taxType/', exempt);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ category: 'E', exemption_code: 'VATEX-EU-132-1M', current_rate_bp: 0 });

    const before = (await call('merchant', 'GET', '/api/v1/taxType/')).json().count;
    const noText = await admin('POST', '/api/v1/taxType/', { ...exempt, code: 'X1', exemption_reason: '  ' });
    expect(noText.json()).toMatchObject({ error: 'validation', fields: { exemption_reason: ['required'] } });
    const taxedExempt = await admin('POST', '/api/v1/taxType/', {
      ...exempt,
      code: 'X2',
      rates: [{ rate_bp: 2200, valid_from: '2020-01-01' }],
    });
    expect(taxedExempt.json()).toMatchObject({ fields: { rates: { 0: { rate_bp: ['not_zero_rated'] } } } });
    // A standard rate of 0 is no way to say "exempt".
    const zeroStandard = await admin('POST', '/api/v1/taxType/', {
      ...standard,
      code: 'X3',
      rates: [{ rate_bp: 0, valid_from: '2020-01-01' }],
    });
    expect(zeroStandard.json()).toMatchObject({ fields: { rates: { 0: { rate_bp: ['too_small'] } } } });
    const badCode = await admin('POST', '/api/v1/taxType/', { ...exempt, code: 'X4', exemption_code: 'Art 132' });
    expect(badCode.json()).toMatchObject({ fields: { exemption_code: ['invalid'] } });
    expect((await call('merchant', 'GET', '/api/v1/taxType/')).json().count).toBe(before);
    // A patch is checked as the type will be: turning it standard needs a rate above 0.
    const patched = await admin('PATCH', `/api/v1/taxType/${created.json().id}/`, { category: 'S' });
    expect(patched.json()).toMatchObject({ fields: { rates: { 0: { rate_bp: ['too_small'] } } } });
  });

  it('refuses overlapping periods, an open end before the last period, backwards periods and bad rates', async () => {
    const overlap = await admin('POST', '/api/v1/taxType/', {
      ...standard,
      rates: [
        { rate_bp: 2000, valid_from: '2020-01-01', valid_to: '2025-01-01' },
        { rate_bp: 2200, valid_from: '2025-01-01' },
      ],
    });
    expect(overlap.json()).toMatchObject({ error: 'validation', fields: { rates: ['overlapping_rates'] } });
    const openEnded = await admin('POST', '/api/v1/taxType/', {
      ...standard,
      rates: [
        { rate_bp: 2000, valid_from: '2020-01-01' },
        { rate_bp: 2200, valid_from: '2025-01-01' },
      ],
    });
    expect(openEnded.json().fields).toEqual({ rates: ['overlapping_rates'] });
    const backwards = await admin('POST', '/api/v1/taxType/', {
      ...standard,
      rates: [{ rate_bp: 2000, valid_from: '2020-01-01', valid_to: '2019-01-01' }],
    });
    expect(backwards.json().fields).toEqual({ rates: { 0: { valid_to: ['invalid_date'] } } });
    const bad = await admin('POST', '/api/v1/taxType/', {
      code: 'X',
      name: 'X',
      rates: [{ rate_bp: 10_001, valid_from: 'soon' }],
    });
    expect(bad.json().fields).toEqual({ rates: { 0: { rate_bp: ['too_big'], valid_from: ['invalid_date'] } } });
    expect((await admin('POST', '/api/v1/taxType/', { code: 'X', name: 'X', rates: [] })).json().fields).toEqual({
      rates: ['required'],
    });
    expect((await admin('GET', '/api/v1/taxType/')).json().count).toBe(0);
  });

  it('refuses a duplicate code and deletes only unused tax types', async () => {
    const id = (await admin('POST', '/api/v1/taxType/', standard)).json().id;
    expect((await admin('POST', '/api/v1/taxType/', standard)).json().fields).toEqual({ code: ['duplicate'] });

    const db = server().database.db;
    const [consumable] = await db
      .insert(consumables)
      .values({ venueId: 1, name: 'Box', category: 'box', taxTypeId: id })
      .returning();
    expect((await admin('DELETE', `/api/v1/taxType/${id}/`)).json().error).toBe('in_use');
    await admin('PATCH', `/api/v1/consumable/${consumable!.id}/`, { tax_type: null });

    const category = (await admin('POST', '/api/v1/eventCategory/', { code: 'CSN', name: 'National' })).json();
    const [vec] = await db
      .insert(venueEventCategories)
      .values({ venueId: 1, eventCategoryId: category.id, name: 'CSN' })
      .returning();
    await db.insert(taxConfigurations).values({ vecId: vec!.id, category: 'box', taxTypeId: id });
    const inUse = await admin('DELETE', `/api/v1/taxType/${id}/`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toBe('in_use');

    await db.delete(taxConfigurations);
    await db.insert(transactions).values({
      venueId: 1,
      kind: 'charge',
      partyType: 'rider',
      partyId: 1,
      description: 'Box',
      currency: 'EUR',
      taxTypeId: id,
    });
    expect((await admin('DELETE', `/api/v1/taxType/${id}/`)).json().error).toBe('in_use');

    await db.delete(transactions);
    expect((await admin('DELETE', `/api/v1/taxType/${id}/`)).statusCode).toBe(204);
    expect((await admin('PATCH', `/api/v1/taxType/${id}/`, { name: 'Gone' })).statusCode).toBe(404);
  });
});
