import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../../server/src/db/schema';
import { postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let f: LedgerFixtures;

/**
 * Venue 1: the rider owes 150.00 (box, 22 %) + 25.50 (3 × shavings, 9.5 %) − 100.00 paid
 * = −75.50; the employer 8.50 (shavings for the employed rider); the official is owed 40.00
 * (a credit without tax). Venue 2 (CHF): the rider paid 10.00 in advance.
 */
beforeEach(async () => {
  f = await seedLedgerFixtures(server().database.db);
  const admin = await server().auth('admin');
  const post = (body: Record<string, unknown>) =>
    postEntry(server().app, admin, { venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, ...body });
  await post({ consumable: f.box });
  await post({ consumable: f.shavings, quantity: 3 });
  await post({ kind: 'payment', unit_price: 10000 });
  await post({ party_id: f.employedRider, consumable: f.shavings });
  await post({ kind: 'credit', party_type: 'official', party_id: f.official, unit_price: 4000, category: 'services' });
  await post({ venue: f.venue2, kind: 'payment', unit_price: 1000 });
});

const get = async (url: string) => (await server().app.inject({ url, headers: await server().auth('admin') })).json();
const rows = (page: { results: { party: { type: string; name: string }; balance: number }[] }) =>
  page.results.map((r) => [r.party.type, r.party.name, r.balance]);

describe('GET /api/v1/balance/?venue=', () => {
  it('lists the parties by name with their running totals, the venue totals and VAT per rate', async () => {
    const overview = await get('/api/v1/balance/?venue=1');
    expect(overview.venue).toEqual({ id: 1, name: 'Paddock Classic', currency: 'EUR' });
    expect(overview.count).toBe(3);
    expect(overview.results).toEqual([
      {
        venue: 1,
        party: { type: 'employer', id: f.employer, name: 'Gestüt Arbeitgeber GmbH' },
        balance: -850,
        charged: 850,
        tax: 74,
        paid: 0,
        transactions: 1,
      },
      {
        venue: 1,
        party: { type: 'official', id: f.official, name: 'Odile Officielle' },
        balance: 4000,
        charged: 0,
        tax: 0,
        paid: 0,
        transactions: 1,
      },
      {
        venue: 1,
        party: { type: 'rider', id: f.rider, name: 'Rosa Rider' },
        balance: -7550,
        charged: 17550,
        tax: 2926,
        paid: 10000,
        transactions: 3,
      },
    ]);
    // revenue: net of the box (122.95), the shavings (23.29 + 7.76) and the credit (−40.00)
    expect(overview.totals).toEqual({
      balance: -4400,
      charged: 18400,
      tax: 3000,
      paid: 10000,
      revenue: 11400,
      owing: 8400,
      credit: 4000,
    });
    expect(overview.vat).toEqual([
      { rate_bp: 0, net: -4000, tax: 0 },
      { rate_bp: 950, net: 3105, tax: 295 },
      { rate_bp: 2200, net: 12295, tax: 2705 },
    ]);
  });

  it('filters by party type, name and status, and pages', async () => {
    expect(rows(await get('/api/v1/balance/?venue=1&party_type=rider'))).toEqual([['rider', 'Rosa Rider', -7550]]);
    expect(rows(await get('/api/v1/balance/?venue=1&search=gest%C3%BCt'))).toEqual([
      ['employer', 'Gestüt Arbeitgeber GmbH', -850],
    ]);
    expect(rows(await get('/api/v1/balance/?venue=1&status=credit'))).toEqual([['official', 'Odile Officielle', 4000]]);
    expect((await get('/api/v1/balance/?venue=1&status=owing')).count).toBe(2);
    const page2 = await get('/api/v1/balance/?venue=1&page=2&page_size=2');
    expect([page2.count, rows(page2)]).toEqual([3, [['rider', 'Rosa Rider', -7550]]]);
    expect((await get('/api/v1/balance/?venue=999')).error).toBe('not_found');
    expect((await get('/api/v1/balance/')).fields).toEqual({ venue: ['required'] });
  });
});

describe('GET /api/v1/balance/summary/ and findClient/', () => {
  it('sums per venue and per currency, never across currencies', async () => {
    const summary = await get('/api/v1/balance/summary/');
    expect(
      summary.results.map(
        (r: {
          venue: { id: number; currency: string };
          parties: number;
          balance: number;
          owing: number;
          credit: number;
        }) => [r.venue.id, r.venue.currency, r.parties, r.balance, r.owing, r.credit],
      ),
    ).toEqual([
      [1, 'EUR', 3, -4400, 8400, 4000],
      [f.venue2, 'CHF', 1, 1000, 0, 1000],
    ]);
    expect(summary.totals).toEqual([
      { currency: 'CHF', balance: 1000, charged: 0, tax: 0, paid: 1000, owing: 0 },
      { currency: 'EUR', balance: -4400, charged: 18400, tax: 3000, paid: 10000, owing: 8400 },
    ]);
  });

  it('finds parties by name or e-mail with their balance at each venue', async () => {
    const byName = await get('/api/v1/balance/findClient/?search=rosa');
    expect(byName.results).toEqual([
      {
        party: { type: 'rider', id: f.rider, name: 'Rosa Rider' },
        email: 'rider@paddock.demo',
        balances: [
          { venue: 1, venue_name: 'Paddock Classic', currency: 'EUR', balance: -7550 },
          { venue: f.venue2, venue_name: 'Other Show', currency: 'CHF', balance: 1000 },
        ],
      },
    ]);
    const byMail = await get('/api/v1/balance/findClient/?search=employed@');
    expect(byMail.results).toEqual([
      {
        party: { type: 'rider', id: f.employedRider, name: 'Eva Employed' },
        email: 'employed@paddock.demo',
        balances: [],
      },
    ]);
    expect((await get('/api/v1/balance/findClient/?search=r')).fields).toEqual({ search: ['too_short'] });
  });
});

describe('GET /api/v1/balance/check/', () => {
  it('recomputes every balance from the postings and names what does not add up', async () => {
    const db = server().database.db;
    expect(await get('/api/v1/balance/check/')).toMatchObject({
      ok: true,
      total: 0,
      unbalanced_transactions: [],
      mismatched_accounts: [],
    });
    const [rider] = await db
      .update(accounts)
      .set({ balanceMinor: sql`${accounts.balanceMinor} + 1` })
      .where(and(eq(accounts.venueId, 1), eq(accounts.kind, 'party'), eq(accounts.partyType, 'rider')))
      .returning();
    await db.execute(
      sql`UPDATE postings SET amount_minor = amount_minor + 5 WHERE transaction_id = 1 AND account_id = ${rider!.id}`,
    );
    const check = await get('/api/v1/balance/check/?venue=1');
    expect(check).toMatchObject({
      ok: false,
      total: 5,
      unbalanced_transactions: [1],
      mismatched_accounts: [{ account: rider!.id, stored: -7549, recomputed: -7545 }],
    });
    expect((await get(`/api/v1/balance/check/?venue=${f.venue2}`)).ok).toBe(true);
  });
});
