import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { accounts, auditLog, consumables, transactions } from '../../server/src/db/schema';
import { ledgerCounts, newKey, postEntry, seedLedgerFixtures } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

const { server, f, db } = useSeededServer(seedLedgerFixtures);

const as = (username: string) => server().auth(username);
const post = async (username: string, body: Record<string, unknown>, key?: string) =>
  postEntry(server().app, await as(username), body, key);
const boxCharge = () => ({ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.box });

async function balanceOf(partyType: string, partyId: number, venueId = 1): Promise<number | undefined> {
  const [row] = await db()
    .select({ balance: accounts.balanceMinor })
    .from(accounts)
    .where(
      and(
        eq(accounts.venueId, venueId),
        eq(accounts.kind, 'party'),
        eq(accounts.partyType, partyType),
        eq(accounts.partyId, partyId),
      ),
    );
  return row?.balance;
}

describe('POST /api/v1/transaction/ idempotency', () => {
  it('answers a replay with the first response and posts once', async () => {
    const key = newKey();
    const first = await post('admin', boxCharge(), key);
    const replay = await post('admin', boxCharge(), key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await ledgerCounts(db())).toMatchObject({ transactions: 1, postings: 3, keys: 1 });
  });

  it('refuses the same key with another body (422) and a post without a key (400), changing nothing', async () => {
    const key = newKey();
    await post('admin', boxCharge(), key);
    const before = await ledgerCounts(db());
    const other = await post('admin', { ...boxCharge(), quantity: 2 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_mismatch');
    const keyless = await server().app.inject({
      method: 'POST',
      url: '/api/v1/transaction/',
      headers: await as('admin'),
      payload: boxCharge(),
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error).toBe('idempotency_key_required');
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('keeps keys per user and stores nothing for a refused post, so a corrected retry works', async () => {
    const key = newKey();
    const bad = await post('admin', { ...boxCharge(), consumable: 9999 }, key);
    expect(bad.statusCode).toBe(400);
    expect((await ledgerCounts(db())).keys).toBe(0);
    const good = await post('admin', boxCharge(), key);
    const byOrganizer = await post('organizer', boxCharge(), key);
    expect(good.statusCode).toBe(201);
    expect(byOrganizer.statusCode).toBe(201);
    expect(byOrganizer.json().id).not.toBe(good.json().id);
  });

  it('posts concurrent duplicates once, and every duplicate gets the same answer', async () => {
    const key = newKey();
    const auth = await as('admin');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => postEntry(server().app, auth, boxCharge(), key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await ledgerCounts(db())).transactions).toBe(1);
  });

  it('answers the entry as GET reads it, and audits who posted what from which device', async () => {
    const created = await post('organizer', { ...boxCharge(), device_id: 'tablet-7' });
    const read = await server().app.inject({
      url: `/api/v1/transaction/${created.json().id}/`,
      headers: await as('admin'),
    });
    expect(read.json()).toEqual(created.json());
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'transaction.create'));
    expect(audit?.details).toEqual({
      id: created.json().id,
      venue: 1,
      kind: 'charge',
      gross: 15000,
      device: 'tablet-7',
    });
    expect(audit?.actorUserId).toBe(created.json().created_by.id);
  });
});

describe('bad input gets a field error and changes nothing', () => {
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['zero quantity', () => ({ ...boxCharge(), quantity: 0 }), 'quantity', 'too_small'],
    ['negative quantity', () => ({ ...boxCharge(), quantity: -3 }), 'quantity', 'too_small'],
    ['absurd quantity', () => ({ ...boxCharge(), quantity: 1_000_000 }), 'quantity', 'too_big'],
    ['fractional quantity', () => ({ ...boxCharge(), quantity: 1.5 }), 'quantity', 'invalid'],
    ['unknown consumable', () => ({ ...boxCharge(), consumable: 99_999 }), 'consumable', 'does_not_exist'],
    [
      "another venue's consumable",
      () => ({ ...boxCharge(), consumable: f.otherVenueConsumable }),
      'consumable',
      'not_at_venue',
    ],
    ['inactive consumable', () => ({ ...boxCharge(), consumable: f.inactive }), 'consumable', 'inactive'],
    ['currency mismatch', () => ({ ...boxCharge(), currency: 'CHF' }), 'currency', 'currency_mismatch'],
    [
      'unit price beyond the price bound',
      () => ({ ...boxCharge(), unit_price: 10_000_000_001 }),
      'unit_price',
      'too_big',
    ],
    ['negative unit price', () => ({ ...boxCharge(), unit_price: -100 }), 'unit_price', 'too_small'],
    [
      'no price at all',
      () => ({ venue: 1, kind: 'payment', party_type: 'rider', party_id: f.rider }),
      'unit_price',
      'required',
    ],
    ['unknown party', () => ({ ...boxCharge(), party_id: 99_999 }), 'party_id', 'does_not_exist'],
    ['unknown venue', () => ({ ...boxCharge(), venue: 99_999 }), 'venue', 'does_not_exist'],
    ['unknown event', () => ({ ...boxCharge(), vec: 99_999 }), 'vec', 'does_not_exist'],
    ['tax type without a rate', () => ({ ...boxCharge(), tax_type: f.noRate }), 'tax_type', 'no_tax_rate'],
    ['sale without a merchant', () => ({ ...boxCharge(), kind: 'sale' }), 'merchant', 'required'],
    ['merchant on a charge', () => ({ ...boxCharge(), merchant: f.merchant }), 'merchant', 'not_allowed'],
    ['reversal posted directly', () => ({ ...boxCharge(), kind: 'reversal' }), 'kind', 'invalid'],
  ];

  it.each(cases)('%s', async (_name, body, field, code) => {
    await post('admin', boxCharge());
    const before = await ledgerCounts(db());
    const res = await post('admin', body());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [field]: [code] });
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('refuses an event of another venue, and a stored price whose line leaves the safe range', async () => {
    await db().update(consumables).set({ unitPriceMinor: 5_000_000_000_000_000 }).where(eq(consumables.id, f.shavings));
    await post('admin', boxCharge());
    const before = await ledgerCounts(db());
    const foreignVec = await post('admin', { ...boxCharge(), vec: f.vec2 });
    expect(foreignVec.json().fields).toEqual({ vec: ['not_at_venue'] });
    const product = await post('admin', { ...boxCharge(), consumable: f.shavings, quantity: 2 });
    expect(product.json().fields).toEqual({ unit_price: ['too_big'] });
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('refuses a venue the organizer does not belong to with 403', async () => {
    const before = await ledgerCounts(db());
    const res = await post('organizer', {
      venue: f.venue2,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 100,
    });
    expect(res.statusCode).toBe(403);
    expect(await ledgerCounts(db())).toEqual(before);
  });
});

describe('corrections', () => {
  const patch = async (id: number, body: Record<string, unknown>, username = 'admin') =>
    server().app.inject({
      method: 'PATCH',
      url: `/api/v1/transaction/${id}/`,
      headers: await as(username),
      payload: body,
    });
  const remove = async (id: number, username = 'admin') =>
    server().app.inject({ method: 'DELETE', url: `/api/v1/transaction/${id}/`, headers: await as(username) });
  const list = async (query = '') =>
    (await server().app.inject({ url: `/api/v1/transaction/?venue=1${query}`, headers: await as('admin') })).json();

  it('edits as a reversal plus a new entry; the history stays whole', async () => {
    const original = (await post('admin', boxCharge())).json();
    expect(await balanceOf('rider', f.rider)).toBe(-15000);
    const edited = await patch(original.id, { quantity: 2, description: 'Two boxes' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      kind: 'charge',
      quantity: 2,
      gross: -30000,
      description: 'Two boxes',
      replaces: original.id,
      editable: true,
    });
    expect(await balanceOf('rider', f.rider)).toBe(-30000);

    const page = await list();
    expect(page.count).toBe(3);
    const reversal = page.results.find((t: { kind: string }) => t.kind === 'reversal');
    expect(reversal).toMatchObject({
      reversal_of: original.id,
      gross: 15000,
      net: 12295,
      tax: 2705,
      quantity: -1,
      editable: false,
    });
    expect(page.results.find((t: { id: number }) => t.id === original.id)).toMatchObject({
      reversed_by: reversal.id,
      editable: false,
    });
    expect(page.totals).toEqual({ gross: -30000, net: -24590, tax: -5410 });
    const current = await list('&hide_reversed=true');
    expect(current.results.map((t: { id: number }) => t.id)).toEqual([edited.json().id]);
  });

  it('deletes as a reversal: the balance returns to what it was', async () => {
    await post('admin', { venue: 1, kind: 'payment', party_type: 'rider', party_id: f.rider, unit_price: 5000 });
    const charge = (await post('admin', boxCharge())).json();
    expect(await balanceOf('rider', f.rider)).toBe(-10000);
    const res = await remove(charge.id);
    expect(res.statusCode).toBe(204);
    expect(await balanceOf('rider', f.rider)).toBe(5000);
    expect((await list()).count).toBe(3);
  });

  it('refuses to correct an invoiced entry (locked) or an entry reversed already, changing nothing', async () => {
    const invoiced = (await post('admin', boxCharge())).json();
    await db().update(transactions).set({ invoiceId: 1 }).where(eq(transactions.id, invoiced.id));
    const other = (await post('admin', boxCharge())).json();
    await remove(other.id);
    const reversalId = (await list()).results.find((t: { kind: string }) => t.kind === 'reversal').id;
    const before = await ledgerCounts(db());
    expect((await patch(invoiced.id, { quantity: 3 })).json().fields).toEqual({ __all__: ['locked'] });
    expect((await remove(invoiced.id)).json().fields).toEqual({ __all__: ['locked'] });
    expect((await remove(other.id)).json().fields).toEqual({ __all__: ['already_reversed'] });
    expect((await patch(reversalId, { quantity: 3 })).json().fields).toEqual({ __all__: ['already_reversed'] });
    expect((await patch(other.id, { quantity: 3 })).json().fields).toEqual({ __all__: ['already_reversed'] });
    expect((await patch(999_999, { quantity: 3 })).statusCode).toBe(404);
    expect(await ledgerCounts(db())).toEqual(before);
  });

  it('replays an edit sent twice with one key, and lets only the show office correct', async () => {
    const charge = (await post('admin', boxCharge())).json();
    const headers = { ...(await as('admin')), 'idempotency-key': newKey() };
    const send = () =>
      server().app.inject({
        method: 'PATCH',
        url: `/api/v1/transaction/${charge.id}/`,
        headers,
        payload: { quantity: 4 },
      });
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect((await list()).count).toBe(3);
    expect((await patch(first.json().id, { quantity: 1 }, 'stable')).statusCode).toBe(403);
    expect((await remove(first.json().id, 'stable')).statusCode).toBe(403);
  });
});

describe('who posts what', () => {
  it('bills an EMPLOYED rider to the employer, with the rider as beneficiary who sees it', async () => {
    const res = await post('admin', {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.employedRider,
      consumable: f.shavings,
      quantity: 2,
    });
    expect(res.json()).toMatchObject({
      party: { type: 'employer', id: f.employer, name: 'Gestüt Arbeitgeber GmbH' },
      beneficiary: { id: f.employedRider, name: 'Eva Employed' },
      gross: -1700,
    });
    expect(await balanceOf('employer', f.employer)).toBe(-1700);
    expect(await balanceOf('rider', f.employedRider)).toBeUndefined();
    for (const username of ['employed', 'employer']) {
      const mine = (await server().app.inject({ url: '/api/v1/transaction/', headers: await as(username) })).json();
      expect(mine.results.map((t: { id: number }) => t.id)).toEqual([res.json().id]);
    }
    const rider = await server().app.inject({
      url: `/api/v1/transaction/${res.json().id}/`,
      headers: await as('rider'),
    });
    expect(rider.statusCode).toBe(404);
  });

  it('lets the stable charge at its own venue only, and nothing but charges', async () => {
    const charge = await post('stable', boxCharge());
    expect(charge.statusCode).toBe(201);
    expect(charge.json().source).toBe('stable');
    const payment = await post('stable', {
      venue: 1,
      kind: 'payment',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 100,
    });
    expect(payment.json().fields).toEqual({ kind: ['kind_not_allowed'] });
    const elsewhere = await post('stable', {
      venue: f.venue2,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 100,
    });
    expect(elsewhere.statusCode).toBe(403);
    const tax = await post('stable', { ...boxCharge(), tax_type: f.vatRed });
    expect(tax.json().fields).toEqual({ tax_type: ['not_allowed'] });
  });

  it("posts a merchant's sale: the party pays the merchant, less the fee plan", async () => {
    const sale = await post('merchant', {
      venue: 1,
      kind: 'sale',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 10000,
      description: 'Saddle pad',
    });
    expect(sale.json()).toMatchObject({
      kind: 'sale',
      merchant: { id: f.merchant, name: 'Selleria Mercante' },
      gross: -10000,
      tax: 0,
      fee: 280,
      source: 'merchant',
    });
    const postings = rowsOf<{ kind: string; amount: string }>(
      await db().execute(sql`SELECT a.kind, p.amount_minor::text AS amount FROM postings p
        JOIN accounts a ON a.id = p.account_id WHERE p.transaction_id = ${sale.json().id} ORDER BY a.kind`),
    );
    expect(postings).toEqual([
      { kind: 'fees', amount: '280' },
      { kind: 'merchant', amount: '9720' },
      { kind: 'party', amount: '-10000' },
    ]);
    const charge = await post('merchant', boxCharge());
    expect(charge.json().fields).toEqual({ kind: ['kind_not_allowed'] });
    const asOther = await post('merchant', {
      venue: 1,
      kind: 'sale',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 100,
      merchant: f.merchant + 1,
    });
    expect(asOther.json().fields).toEqual({ merchant: ['not_allowed'] });
    const byOffice = await post('admin', {
      venue: 1,
      kind: 'sale',
      party_type: 'official',
      party_id: f.official,
      unit_price: 20,
      merchant: f.merchant,
    });
    expect(byOffice.json()).toMatchObject({ gross: -20, fee: 20 });
  });
});
