import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { transactions } from '../../server/src/db/schema';
import { postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let f: LedgerFixtures;
const id: Record<string, number> = {};

/** Five entries at venue 1 and one at venue 2; the payment was recorded on 2024-07-01, Ljubljana time. */
beforeEach(async () => {
  f = await seedLedgerFixtures(server().database.db);
  const post = async (name: string, username: string, body: Record<string, unknown>) => {
    const res = await postEntry(server().app, await server().auth(username), {
      venue: 1,
      party_type: 'rider',
      party_id: f.rider,
      ...body,
    });
    id[name] = res.json().id;
  };
  await post('box', 'stable', { kind: 'charge', consumable: f.box });
  await post('payment', 'admin', { kind: 'payment', unit_price: 5000, description: 'Cash at the office' });
  await post('employed', 'admin', { kind: 'charge', party_id: f.employedRider, consumable: f.shavings });
  await post('official', 'admin', { kind: 'payout', party_type: 'official', party_id: f.official, unit_price: 700 });
  await post('sale', 'merchant', { kind: 'sale', unit_price: 1234, description: 'Saddle soap' });
  await post('zurich', 'admin', { venue: f.venue2, kind: 'charge', unit_price: 900 });
  await server()
    .database.db.update(transactions)
    .set({ recordedAt: new Date('2024-06-30T22:30:00Z') })
    .where(eq(transactions.id, id.payment!));
});

async function list(query: string) {
  const res = await server().app.inject({
    url: `/api/v1/transaction/?${query}`,
    headers: await server().auth('admin'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    results: { id: number }[];
    totals: { gross: number; net: number; tax: number };
  };
}
const ids = async (query: string) => (await list(query)).results.map((t) => t.id).sort((a, b) => a - b);
const of = (...names: string[]) => names.map((n) => id[n]!).sort((a, b) => a - b);

describe('GET /api/v1/transaction/ filters', () => {
  it('filters by venue, kind, source and party', async () => {
    expect(await ids('venue=1')).toEqual(of('box', 'payment', 'employed', 'official', 'sale'));
    expect(await ids(`venue=${f.venue2}`)).toEqual(of('zurich'));
    expect(await ids('kind=charge')).toEqual(of('box', 'employed', 'zurich'));
    expect(await ids('source=stable')).toEqual(of('box'));
    expect(await ids('source=merchant')).toEqual(of('sale'));
    expect(await ids(`party_type=official&party_id=${f.official}`)).toEqual(of('official'));
    expect(await ids(`party_type=employer`)).toEqual(of('employed'));
  });

  it("finds a rider's entries as party and as beneficiary", async () => {
    expect(await ids(`rider=${f.rider}`)).toEqual(of('box', 'payment', 'sale', 'zurich'));
    expect(await ids(`rider=${f.employedRider}`)).toEqual(of('employed'));
  });

  it('searches the description and the party name', async () => {
    expect(await ids('search=soap')).toEqual(of('sale'));
    expect(await ids('search=officielle')).toEqual(of('official'));
    expect(await ids('search=arbeitgeber')).toEqual(of('employed'));
    expect(await ids('search=100%25')).toEqual([]);
  });

  it('filters by the venue-local day of recording', async () => {
    expect(await ids('date_from=2024-07-01&date_to=2024-07-01')).toEqual(of('payment'));
    expect(await ids('date_to=2024-06-30')).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Ljubljana' }).format(new Date());
    expect(await ids(`venue=1&date_from=${today}`)).toEqual(of('box', 'employed', 'official', 'sale'));
  });

  it('totals the filtered set (as it affects the parties) over all pages, newest first', async () => {
    const page = await list('venue=1&page_size=2');
    expect(page.count).toBe(5);
    expect(page.results).toHaveLength(2);
    // −150.00 box, +50.00 payment, −8.50 shavings, −7.00 payout, −12.34 sale
    expect(page.totals).toEqual({ gross: -12784, net: -10005, tax: -2779 });
    const all = await list('venue=1&page_size=10');
    const recorded = all.results.map((t) => (t as unknown as { recorded_at: string }).recorded_at);
    expect(recorded).toEqual([...recorded].sort().reverse());
    expect((await list('venue=1&page=3&page_size=2')).results.map((t) => t.id)).toEqual([id.payment]);
  });
});

describe('GET /api/v1/transaction/{id}/', () => {
  it('answers 404 for an entry that does not exist', async () => {
    const res = await server().app.inject({
      url: '/api/v1/transaction/999999/',
      headers: await server().auth('admin'),
    });
    expect(res.statusCode).toBe(404);
  });
});
