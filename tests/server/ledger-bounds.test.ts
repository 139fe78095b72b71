import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_BOUND_MINOR,
  ACCOUNT_VOLUME_BOUND_MINOR,
  DEFAULT_ENTRY_LIMIT_MINOR,
  MAX_ENTRY_MINOR,
} from '@shared/ledger';
import { consumables } from '../../server/src/db/schema';
import { ledgerCounts, postEntry, seedLedgerFixtures } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

/**
 * The ledger refuses what would break it. Bad quantities, an entry above the venue's
 * limit or the hard cap, and an entry that would take an account past its bound are refused
 * with nothing posted; the balance pages keep answering; an edit that changes nothing posts
 * nothing; the venue's limit is a validated setting.
 */

const { server, f, db, call } = useSeededServer(seedLedgerFixtures);

const post = async (username: string, body: Record<string, unknown>) =>
  postEntry(server().app, await server().auth(username), body);
const charge = (overrides: Record<string, unknown> = {}) => ({
  venue: 1,
  kind: 'charge',
  party_type: 'rider',
  party_id: f.rider,
  category: 'other',
  unit_price: 1250,
  ...overrides,
});

/** Every page that sums balances answers 200, and the recomputation agrees with the running totals. */
async function expectBalancePagesWork() {
  for (const [user, url] of [
    ['admin', '/api/v1/balance/?venue=1'],
    ['admin', '/api/v1/balance/summary/'],
    ['rider', '/api/v1/balance/mine/'],
    ['admin', '/api/v1/transaction/?venue=1'],
    ['admin', '/api/v1/transaction/'],
    ['rider', '/api/v1/transaction/'],
  ] as const) {
    const res = await call(user, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  }
  const check = await call('admin', 'GET', '/api/v1/balance/check/?venue=1');
  expect(check.statusCode).toBe(200);
  expect(check.json()).toMatchObject({ ok: true, total: 0 });
}

const setLimit = (limit: unknown) => call('admin', 'PATCH', '/api/v1/venue/1/', { max_entry_minor: limit });

describe('quantities', () => {
  it.each([0, -3, 1.5, 10_001])('refuses a quantity of %s on its field, posting nothing', async (quantity) => {
    const before = await ledgerCounts(db());
    const res = await post('admin', charge({ quantity }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['quantity']);
    expect(await ledgerCounts(db())).toEqual(before);
  });
});

describe('the limit for one entry', () => {
  it("refuses an entry above the venue's limit (default 10,000.00) and takes one at it", async () => {
    const over = await post('admin', charge({ unit_price: DEFAULT_ENTRY_LIMIT_MINOR + 1 }));
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual({ unit_price: ['over_entry_limit'] });
    // Quantity × price counts, and so does a consumable's price.
    const product = await post('admin', charge({ unit_price: 500_001, quantity: 2 }));
    expect(product.json().fields).toEqual({ unit_price: ['over_entry_limit'] });
    const byConsumable = await post('admin', charge({ unit_price: undefined, consumable: f.box, quantity: 67 }));
    expect(byConsumable.json().fields).toEqual({ unit_price: ['over_entry_limit'] });
    // A payment is an entry too.
    const payment = await post('admin', { ...charge({ kind: 'payment', unit_price: DEFAULT_ENTRY_LIMIT_MINOR + 1 }) });
    expect(payment.json().fields).toEqual({ unit_price: ['over_entry_limit'] });
    expect((await ledgerCounts(db())).transactions).toBe(0);

    const at = await post('admin', charge({ unit_price: DEFAULT_ENTRY_LIMIT_MINOR }));
    expect(at.statusCode, at.body).toBe(201);
  });

  it('refuses an entry above the hard cap even where the venue allows the most', async () => {
    expect((await setLimit(MAX_ENTRY_MINOR)).statusCode).toBe(200);
    const schema = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 11 }));
    expect(schema.statusCode).toBe(400);
    expect(schema.json().fields).toEqual({ unit_price: ['too_big'] });
    await db().update(consumables).set({ unitPriceMinor: 10_000_000_000 }).where(eq(consumables.id, f.box));
    const stored = await post('admin', charge({ unit_price: undefined, consumable: f.box, quantity: 11 }));
    expect(stored.statusCode).toBe(400);
    expect(stored.json().fields).toEqual({ unit_price: ['too_big'] });
    expect((await ledgerCounts(db())).transactions).toBe(0);
    const atCap = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10 }));
    expect(atCap.statusCode, atCap.body).toBe(201);
  });
});

describe('running totals stay within their bound', () => {
  it('refuses the 92 charges of 1e14 that made every balance page answer 500', async () => {
    for (let i = 0; i < 92; i++) {
      const res = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10_000 }));
      expect(res.statusCode).toBe(400);
    }
    expect((await ledgerCounts(db())).transactions).toBe(0);
    await expectBalancePagesWork();
  });

  it('posts up to the bound and refuses the entry that would pass it, posting nothing', async () => {
    expect((await setLimit(MAX_ENTRY_MINOR)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10 }));
      statuses.push(res.statusCode);
      if (res.statusCode !== 201) expect(res.json().fields).toEqual({ __all__: ['balance_out_of_range'] });
    }
    const allowed = ACCOUNT_BOUND_MINOR / MAX_ENTRY_MINOR;
    expect(statuses).toEqual([...Array<number>(allowed).fill(201), 400, 400]);
    const counts = await ledgerCounts(db());
    expect(counts.transactions).toBe(allowed);

    // A payment moves the balance back inside: the next charge fits again.
    const payment = 10_000_000_000;
    const paid = await post('admin', charge({ kind: 'payment', unit_price: payment, category: undefined }));
    expect(paid.statusCode, paid.body).toBe(201);
    // ...but not for the revenue account, which is at its bound too.
    const again = await post('admin', charge({ unit_price: payment }));
    expect(again.json().fields).toEqual({ __all__: ['balance_out_of_range'] });

    const page = await call('admin', 'GET', '/api/v1/balance/?venue=1');
    expect(page.json().results.find((r: { party: { id: number } }) => r.party.id === f.rider).balance).toBe(
      -ACCOUNT_BOUND_MINOR + payment,
    );
    await expectBalancePagesWork();
  });

  it('bounds the turnover too: posting and reversing the largest entry stops at the bound, every list still sums', async () => {
    expect((await setLimit(MAX_ENTRY_MINOR)).statusCode).toBe(200);
    const cycles = ACCOUNT_VOLUME_BOUND_MINOR / (2 * MAX_ENTRY_MINOR);
    for (let i = 0; i < cycles; i++) {
      const res = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10 }));
      expect(res.statusCode, res.body).toBe(201);
      expect((await call('admin', 'DELETE', `/api/v1/transaction/${res.json().id}/`)).statusCode).toBe(204);
    }
    const before = await ledgerCounts(db());
    const refused = await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ __all__: ['balance_out_of_range'] });
    expect(await ledgerCounts(db())).toEqual(before);
    // The venue's revenue account has reached its turnover too: charges stop; a payment (cash) goes on.
    expect((await post('admin', charge({ party_type: 'official', party_id: f.official }))).statusCode).toBe(400);
    const payment = charge({ kind: 'payment', party_type: 'official', party_id: f.official, category: undefined });
    expect((await post('admin', payment)).statusCode).toBe(201);
    const list = await call('admin', 'GET', '/api/v1/transaction/?venue=1&kind=charge');
    expect(list.statusCode).toBe(200);
    expect(Number.isSafeInteger(list.json().totals.gross)).toBe(true);
    await expectBalancePagesWork();
  }, 60_000);

  it('refuses an edit whose new entry would pass the bound, keeping the old entry', async () => {
    expect((await setLimit(MAX_ENTRY_MINOR)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await post('admin', charge({ unit_price: 10_000_000_000, quantity: 10 }));
    await post('admin', charge({ unit_price: 10_000_000_000, quantity: 5 }));
    const small = await post('admin', charge({ unit_price: 100 }));
    const before = await ledgerCounts(db());
    const edit = await call('admin', 'PATCH', `/api/v1/transaction/${small.json().id}/`, {
      unit_price: 10_000_000_000,
      quantity: 10,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fields).toEqual({ __all__: ['balance_out_of_range'] });
    expect(await ledgerCounts(db())).toEqual(before);
  });
});

describe('PATCH /api/v1/transaction/{id}/ that changes nothing', () => {
  it('posts nothing for {} or the values the entry has, and answers the entry as it is', async () => {
    const created = await post('admin', charge({ consumable: f.box, unit_price: undefined, category: undefined }));
    expect(created.statusCode).toBe(201);
    const entry = created.json();
    const before = await ledgerCounts(db());
    for (const body of [{}, { quantity: 1 }, { quantity: 1, unit_price: entry.unit_price, description: 'Box' }]) {
      const res = await call('admin', 'PATCH', `/api/v1/transaction/${entry.id}/`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: entry.id, gross: entry.gross, reversed_by: null, editable: true });
      expect(await ledgerCounts(db())).toEqual(before);
    }
    const changed = await call('admin', 'PATCH', `/api/v1/transaction/${entry.id}/`, { quantity: 2 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ replaces: entry.id, quantity: 2 });
    expect((await ledgerCounts(db())).transactions).toBe(before.transactions + 2);
  });
});

describe("the venue's limit for one entry", () => {
  it('round-trips through the venue settings and applies at once', async () => {
    const read = await call('admin', 'GET', '/api/v1/venue/1/');
    expect(read.json().max_entry_minor).toBe(DEFAULT_ENTRY_LIMIT_MINOR);
    const saved = await setLimit(5000);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().max_entry_minor).toBe(5000);
    expect((await call('admin', 'GET', '/api/v1/venue/1/')).json().max_entry_minor).toBe(5000);
    expect((await post('admin', charge({ unit_price: 5001 }))).json().fields).toEqual({
      unit_price: ['over_entry_limit'],
    });
    expect((await post('admin', charge({ unit_price: 5000 }))).statusCode).toBe(201);
  });

  it.each([0, -100, 12.5, MAX_ENTRY_MINOR + 1, 1e300, '1000'])('refuses a limit of %s', async (limit) => {
    const res = await setLimit(limit);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['max_entry_minor']);
    expect((await call('admin', 'GET', '/api/v1/venue/1/')).json().max_entry_minor).toBe(DEFAULT_ENTRY_LIMIT_MINOR);
  });

  it('is set by the admin only; the show office saves its other settings with it unchanged', async () => {
    expect((await call('organizer', 'PATCH', '/api/v1/venue/1/', { max_entry_minor: 99 })).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/v1/venue/1/')).json().max_entry_minor).toBe(DEFAULT_ENTRY_LIMIT_MINOR);
    const same = await call('organizer', 'PATCH', '/api/v1/venue/1/', {
      max_entry_minor: DEFAULT_ENTRY_LIMIT_MINOR,
      self_checkout: true,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().self_checkout).toBe(true);
  });
});

describe('GET /api/v1/transaction/defaults/', () => {
  it('answers the event and tax override a post without an event gets, as the post applies them', async () => {
    const res = await call(
      'admin',
      'GET',
      `/api/v1/transaction/defaults/?venue=1&party_type=rider&party_id=${f.rider}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vec: f.vec, tax_override: 'NO_OVERRIDE' });
    const posted = await post('admin', charge({ category: 'box' }));
    expect(posted.json()).toMatchObject({ vec: f.vec, tax_rate_bp: 2200 });

    const other = await call(
      'admin',
      'GET',
      `/api/v1/transaction/defaults/?venue=1&party_type=official&party_id=${f.official}`,
    );
    expect(other.json()).toEqual({ vec: null, tax_override: 'NO_OVERRIDE' });
    const elsewhere = await call(
      'admin',
      'GET',
      `/api/v1/transaction/defaults/?venue=${f.venue2}&party_type=rider&party_id=${f.rider}`,
    );
    expect(elsewhere.json()).toEqual({ vec: null, tax_override: 'NO_OVERRIDE' });
  });

  it('is for the show office of the venue only, and validates its query', async () => {
    const url = `/api/v1/transaction/defaults/?venue=1&party_type=rider&party_id=${f.rider}`;
    expect((await call('stable', 'GET', url)).statusCode).toBe(403);
    expect((await call('rider', 'GET', url)).statusCode).toBe(403);
    expect((await call('organizer', 'GET', url)).statusCode).toBe(200);
    const foreign = await call(
      'organizer',
      'GET',
      `/api/v1/transaction/defaults/?venue=${f.venue2}&party_type=rider&party_id=${f.rider}`,
    );
    expect(foreign.statusCode).toBe(403);
    const bad = await call('admin', 'GET', '/api/v1/transaction/defaults/?venue=1&party_type=horse&party_id=x');
    expect(bad.statusCode).toBe(400);
    const unknown = await call('admin', 'GET', '/api/v1/transaction/defaults/?venue=1&party_type=rider&party_id=99999');
    expect(unknown.json().fields).toEqual({ party_id: ['does_not_exist'] });
  });
});
