import { describe, expect, it } from 'vitest';
import { CHARGE_CATEGORIES } from '@shared/ledger';
import { transactions, vecParticipations, venueParticipations, riders, venues } from '../../server/src/db/schema';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function call(username: string, method: Method, url: string, payload?: object) {
  return server().app.inject({ method, url, payload, headers: await server().auth(username) });
}
const admin = (method: Method, url: string, payload?: object) => call('admin', method, url, payload);

/** `YYYY-MM-DD`, `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function category(code = 'CSI2*') {
  return (await admin('POST', '/api/v1/eventCategory/', { code, name: code })).json().id as number;
}
async function event(venue = 1, name = 'CSI2* Lipica') {
  const res = await admin('POST', '/api/v1/venueEventCategory/', {
    venue,
    event_category: await category(`C${Math.random()}`),
    name,
    default_entry_fee: 15000,
  });
  return res.json().id as number;
}

describe('venue event categories', () => {
  it('creates, lists for the venue office, edits and deletes an event', async () => {
    const csi = await category('CSI2*');
    const res = await admin('POST', '/api/v1/venueEventCategory/', { venue: 1, event_category: csi, name: 'CSI2*' });
    expect(res.statusCode).toBe(201);
    const vec = res.json();
    expect(vec).toEqual({
      id: expect.any(Number),
      venue: 1,
      event_category: csi,
      event_category_code: 'CSI2*',
      name: 'CSI2*',
      default_entry_fee: 0,
    });
    expect((await call('organizer', 'GET', '/api/v1/venueEventCategory/')).json()).toEqual({
      count: 1,
      results: [vec],
    });
    const edited = await admin('PATCH', `/api/v1/venueEventCategory/${vec.id}/`, { default_entry_fee: 25000 });
    expect(edited.json()).toEqual({ ...vec, default_entry_fee: 25000 });
    expect((await admin('DELETE', `/api/v1/venueEventCategory/${vec.id}/`)).statusCode).toBe(204);
    expect((await admin('GET', '/api/v1/venueEventCategory/?venue=1')).json().count).toBe(0);
  });

  it('refuses unknown venues and categories, and deleting an event with entries', async () => {
    const bad = await admin('POST', '/api/v1/venueEventCategory/', { venue: 9, event_category: 9, name: 'x' });
    expect(bad.json().fields).toEqual({ venue: ['does_not_exist'] });
    const noCategory = await admin('POST', '/api/v1/venueEventCategory/', { venue: 1, event_category: 9, name: 'x' });
    expect(noCategory.json().fields).toEqual({ event_category: ['does_not_exist'] });
    expect((await admin('POST', '/api/v1/venueEventCategory/', { venue: 1 })).json().fields).toEqual({
      event_category: ['required'],
      name: ['required'],
    });

    const id = await event();
    const db = server().database.db;
    const [rider] = await db.insert(riders).values({ firstName: 'R', lastName: 'R' }).returning();
    const [vp] = await db
      .insert(venueParticipations)
      .values({ venueId: 1, riderId: rider!.id, payerId: rider!.id })
      .returning();
    await db.insert(vecParticipations).values({ vecId: id, venueParticipationId: vp!.id });
    const refused = await admin('DELETE', `/api/v1/venueEventCategory/${id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('in_use');
  });
});

describe('tax configuration', () => {
  it('answers every charge category and round-trips a replacement', async () => {
    const vec = await event();
    const empty = await call('organizer', 'GET', `/api/v1/venueEventCategory/${vec}/taxConfiguration/`);
    expect(empty.json()).toEqual({
      vec,
      entries: CHARGE_CATEGORIES.map((category) => ({
        category,
        tax_type: null,
        applies_by_default: true,
        tax_type_name: null,
        rate_bp: null,
      })),
    });

    const vat = (
      await admin('POST', '/api/v1/taxType/', {
        code: 'VAT',
        name: 'VAT 22 %',
        rates: [
          { rate_bp: 950, valid_from: '2020-01-01', valid_to: day(-1) },
          { rate_bp: 2200, valid_from: day(0) },
        ],
      })
    ).json().id;
    const url = `/api/v1/venueEventCategory/${vec}/taxConfiguration/`;
    const saved = await admin('PATCH', url, {
      entries: [
        { category: 'box', tax_type: vat },
        { category: 'entry_fee', tax_type: vat, applies_by_default: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const byCategory = (body: { entries: { category: string }[] }) =>
      Object.fromEntries(body.entries.map((e) => [e.category, e]));
    expect(byCategory(saved.json()).box).toEqual({
      category: 'box',
      tax_type: vat,
      applies_by_default: true,
      tax_type_name: 'VAT 22 %',
      rate_bp: 2200,
    });
    expect(byCategory(saved.json()).entry_fee).toMatchObject({ tax_type: vat, applies_by_default: false });
    expect(byCategory(saved.json()).hay).toMatchObject({ tax_type: null, rate_bp: null });
    expect((await admin('GET', url)).json()).toEqual(saved.json());

    const replaced = await admin('PATCH', url, { entries: [{ category: 'hay', tax_type: vat }] });
    expect(byCategory(replaced.json()).box).toMatchObject({ tax_type: null });
    expect(byCategory(replaced.json()).hay).toMatchObject({ tax_type: vat, rate_bp: 2200 });

    const bad = await admin('PATCH', url, {
      entries: [
        { category: 'hay', tax_type: 999 },
        { category: 'hay', tax_type: null },
      ],
    });
    expect(bad.json().fields).toEqual({
      entries: { 0: { tax_type: ['does_not_exist'] }, 1: { category: ['duplicate'] } },
    });
    expect((await admin('PATCH', url, { entries: [{ category: 'gold', tax_type: null }] })).json().fields).toEqual({
      entries: { 0: { category: ['invalid'] } },
    });
    // the show office reads its taxes; the floor staff neither reads nor writes them
    expect((await call('stable', 'PATCH', url, { entries: [] })).statusCode).toBe(403);
    expect(byCategory((await call('organizer', 'GET', url)).json()).hay).toMatchObject({ tax_type: vat });
  });
});

describe('competitions', () => {
  it('round-trips the basic fields and keeps a competition in its venue', async () => {
    const vec = await event();
    const input = {
      vec,
      number: '12',
      name: 'Grand Prix',
      starts_at: '2026-10-03T14:00:00.000Z',
      discipline: 'jumping',
      rule: 'Table A, 238.2.2',
      height_cm: 145,
      entry_fee: 20000,
      prize_money: 5_000_000,
      prize_distribution_bp: [3000, 2000, 1500],
      arena: 'Main arena',
      ranking_rule: 'table_a_jump_off',
      prize_chart: [1_500_000, 1_000_000, 500_000],
      start_interval_seconds: 75,
      entry_deadline: '2026-10-01T18:00:00.000Z',
      fei_id: null,
      knock_down_seconds: 4,
    };
    const res = await admin('POST', '/api/v1/competition/', input);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      ...input,
      id: expect.any(Number),
      venue: 1,
      draw_seed: null,
      drawn_at: null,
      published_at: null,
    });
    expect((await call('organizer', 'GET', `/api/v1/competition/${created.id}/`)).json()).toEqual(created);
    expect((await admin('GET', `/api/v1/competition/?vec=${vec}`)).json()).toEqual({ count: 1, results: [created] });

    const edited = await admin('PATCH', `/api/v1/competition/${created.id}/`, {
      name: 'GP',
      rule: '',
      starts_at: null,
    });
    expect(edited.json()).toEqual({ ...created, name: 'GP', rule: null, starts_at: null });

    await server().database.db.insert(venues).values({ name: 'Other' });
    const elsewhere = await event(2);
    expect((await admin('PATCH', `/api/v1/competition/${created.id}/`, { vec: elsewhere })).json().fields).toEqual({
      vec: ['not_at_venue'],
    });
    const shares = await admin('POST', '/api/v1/competition/', { ...input, prize_distribution_bp: [6000, 5000] });
    expect(shares.json().fields).toEqual({ prize_distribution_bp: ['too_big'] });
    // a chart of amounts may not pay more than the competition's total (and changes nothing)
    const over = await admin('PATCH', `/api/v1/competition/${created.id}/`, { prize_chart: [4_000_000, 1_000_001] });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ prize_chart: ['prize_over_total'] });
    const lowered = await admin('PATCH', `/api/v1/competition/${created.id}/`, { prize_money: 2_000_000 });
    expect(lowered.json().fields).toEqual({ prize_chart: ['prize_over_total'] });
    expect((await admin('GET', `/api/v1/competition/${created.id}/`)).json()).toMatchObject({
      prize_money: 5_000_000,
      prize_chart: [1_500_000, 1_000_000, 500_000],
    });
    expect((await admin('POST', '/api/v1/competition/', { ...input, vec: 999 })).json().fields).toEqual({
      vec: ['does_not_exist'],
    });
    expect((await admin('DELETE', `/api/v1/competition/${created.id}/`)).statusCode).toBe(204);
    expect((await admin('GET', `/api/v1/competition/${created.id}/`)).statusCode).toBe(404);
  });
});

describe('consumables', () => {
  it('round-trips, filters by active, and deactivates a sold article instead of deleting it', async () => {
    const input = { venue: 1, name: 'Box', category: 'box', unit: 'night', unit_price: 4500 };
    const res = await admin('POST', '/api/v1/consumable/', input);
    expect(res.statusCode).toBe(201);
    const box = res.json();
    expect(box).toEqual({ ...input, id: expect.any(Number), tax_type: null, active: true });
    const hay = (await admin('POST', '/api/v1/consumable/', { ...input, name: 'Hay', category: 'hay' })).json();
    expect((await admin('PATCH', `/api/v1/consumable/${hay.id}/`, { active: false })).json()).toEqual({
      ...hay,
      active: false,
    });
    expect((await call('organizer', 'GET', '/api/v1/consumable/?active=true')).json()).toEqual({
      count: 1,
      results: [box],
    });
    expect((await admin('GET', '/api/v1/consumable/?venue=1&active=false')).json().results).toEqual([
      { ...hay, active: false },
    ]);

    await server().database.db.insert(transactions).values({
      venueId: 1,
      kind: 'charge',
      partyType: 'rider',
      partyId: 1,
      description: 'Box',
      currency: 'EUR',
      consumableId: box.id,
    });
    const sold = await admin('DELETE', `/api/v1/consumable/${box.id}/`);
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toEqual({ ...box, active: false });
    expect((await admin('DELETE', `/api/v1/consumable/${hay.id}/`)).statusCode).toBe(204);
    expect((await admin('GET', '/api/v1/consumable/')).json().results.map((c: { id: number }) => c.id)).toEqual([
      box.id,
    ]);

    const bad = await admin('POST', '/api/v1/consumable/', {
      ...input,
      unit_price: -1,
      tax_type: 77,
      category: 'gold',
    });
    expect(bad.json().fields).toEqual({ unit_price: ['too_small'], category: ['invalid'] });
    expect((await admin('POST', '/api/v1/consumable/', { ...input, tax_type: 77 })).json().fields).toEqual({
      tax_type: ['does_not_exist'],
    });
  });
});
