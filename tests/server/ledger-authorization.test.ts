import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/src/demo/demo-data';
import { ledgerCounts, postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

const server = useTestServer();
let f: LedgerFixtures;
/** Entries by id: a charge at each venue for the demo rider, one for the official at venue 1. */
let at1: number;
let at2: number;
let official: number;
beforeEach(async () => {
  f = await seedLedgerFixtures(server().database.db);
  const admin = await server().auth('admin');
  const post = async (body: Record<string, unknown>) =>
    (await postEntry(server().app, admin, body)).json().id as number;
  at1 = await post({ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, unit_price: 1000 });
  at2 = await post({ venue: f.venue2, kind: 'charge', party_type: 'rider', party_id: f.rider, unit_price: 2000 });
  official = await post({ venue: 1, kind: 'payout', party_type: 'official', party_id: f.official, unit_price: 3000 });
});

const get = async (url: string, username: string) =>
  server().app.inject({ url, headers: await server().auth(username) });
const ids = (page: { results: { id: number }[] }) => page.results.map((t) => t.id).sort((a, b) => a - b);

describe('an organizer of venue 1', () => {
  it("cannot read venue 2's entries", async () => {
    expect(ids((await get('/api/v1/transaction/', 'organizer')).json())).toEqual([at1, official]);
    expect((await get(`/api/v1/transaction/?venue=${f.venue2}`, 'organizer')).statusCode).toBe(403);
    expect((await get(`/api/v1/transaction/${at2}/`, 'organizer')).statusCode).toBe(403);
    expect((await get(`/api/v1/transaction/${at1}/`, 'organizer')).statusCode).toBe(200);
  });

  it("cannot write venue 2's entries", async () => {
    const auth = await server().auth('organizer');
    const before = await ledgerCounts(server().database.db);
    const created = await postEntry(server().app, auth, {
      venue: f.venue2,
      kind: 'payment',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 10,
    });
    const edited = await server().app.inject({
      method: 'PATCH',
      url: `/api/v1/transaction/${at2}/`,
      headers: auth,
      payload: { quantity: 2 },
    });
    const deleted = await server().app.inject({ method: 'DELETE', url: `/api/v1/transaction/${at2}/`, headers: auth });
    expect([created.statusCode, edited.statusCode, deleted.statusCode]).toEqual([403, 403, 403]);
    expect(await ledgerCounts(server().database.db)).toEqual(before);
  });

  it("cannot read venue 2's balances", async () => {
    expect((await get(`/api/v1/balance/?venue=${f.venue2}`, 'organizer')).statusCode).toBe(403);
  });
});

describe('a rider', () => {
  it('reads only their own entries', async () => {
    expect(ids((await get('/api/v1/transaction/', 'rider')).json())).toEqual([at1, at2]);
    expect((await get(`/api/v1/transaction/${official}/`, 'rider')).statusCode).toBe(404);
    expect(ids((await get('/api/v1/transaction/', 'official')).json())).toEqual([official]);
    expect((await get(`/api/v1/transaction/${at1}/`, 'official')).statusCode).toBe(404);
    expect((await get('/api/v1/transaction/', 'simpleuser')).json().count).toBe(0);
  });

  it('reads only their own balance', async () => {
    const mine = (await get('/api/v1/balance/mine/', 'rider')).json();
    expect(
      mine.results.map((b: { venue: number; party: { type: string; id: number }; balance: number }) => [
        b.venue,
        b.party.type,
        b.party.id,
        b.balance,
      ]),
    ).toEqual([
      [1, 'rider', f.rider, -1000],
      [f.venue2, 'rider', f.rider, -2000],
    ]);
    const theirs = (await get('/api/v1/balance/mine/', 'official')).json();
    expect(theirs.results.map((b: { party: { type: string }; balance: number }) => [b.party.type, b.balance])).toEqual([
      ['official', -3000],
    ]);
    expect((await get('/api/v1/balance/mine/', 'simpleuser')).json()).toEqual({ results: [] });
  });

  it('may not post', async () => {
    const res = await postEntry(server().app, await server().auth('rider'), {
      venue: 1,
      kind: 'payment',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 10,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('admin-only balance endpoints', () => {
  const ADMIN_ONLY = [
    '/api/v1/balance/?venue=1',
    '/api/v1/balance/summary/',
    '/api/v1/balance/findClient/?search=rider',
    '/api/v1/balance/check/',
  ];
  const others = DEMO_USERS.filter((u) => !u.roles.includes('admin')).map((u) => u.username);

  it.each(others)('answer 403 to %s', async (username) => {
    for (const url of ADMIN_ONLY) expect((await get(url, username)).statusCode, url).toBe(403);
  });

  it('answer the admin', async () => {
    for (const url of ADMIN_ONLY) expect((await get(url, 'admin')).statusCode, url).toBe(200);
  });
});
