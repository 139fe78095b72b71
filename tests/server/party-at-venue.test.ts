import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { accounts, merchantParticipations, merchants, users } from '../../server/src/db/schema';
import { seedFloorFixtures } from './floor-fixtures';
import { ledgerCounts, postEntry } from './ledger-fixtures';
import { useSeededServer } from './helpers/use-server';

/**
 * Two shows, each with its office, stable and merchant: the floor's show (the demo rider Rosa at
 * venue 1 only, Eva at venue 2 only, `stable2` at venue 2) plus `organizer2` and the merchant
 * `merchant2` (registered at venue 2 only; the demo merchant is registered at both).
 */
async function seedTwoShows(db: Db) {
  const f = await seedFloorFixtures(db);
  const [hash] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'organizer'));
  const [, merchantUser] = await db
    .insert(users)
    .values([
      {
        username: 'organizer2',
        email: 'organizer2@paddock.demo',
        emailConfirmed: true,
        roles: ['organizer'],
        firstName: 'Olga',
        lastName: 'Zwei',
        assignedVenueId: f.venue2,
        passwordHash: hash!.hash,
      },
      {
        username: 'merchant2',
        email: 'merchant2@paddock.demo',
        emailConfirmed: true,
        roles: ['merchant'],
        firstName: 'Max',
        lastName: 'Markt',
        passwordHash: hash!.hash,
      },
    ])
    .returning({ id: users.id });
  const [merchant2] = await db
    .insert(merchants)
    .values({ userId: merchantUser!.id, firstName: 'Max', lastName: 'Markt', companyName: 'Markt Zwei' })
    .returning({ id: merchants.id });
  await db.insert(merchantParticipations).values({ venueId: f.venue2, merchantId: merchant2!.id });
  return { ...f, merchant2: merchant2!.id };
}

const { server, f, db, call } = useSeededServer(seedTwoShows);

const post = async (username: string, body: Record<string, unknown>) =>
  postEntry(server().app, await server().auth(username), body);

/** A 400 with exactly this field error, and nothing written. */
async function refused(username: string, body: Record<string, unknown>, field: string, code: string) {
  const before = await ledgerCounts(db());
  const res = await post(username, body);
  expect([res.statusCode, res.json().fields?.[field]], JSON.stringify(res.json())).toEqual([400, [code]]);
  expect(await ledgerCounts(db())).toEqual(before);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('a party must take part in the venue it is posted at', () => {
  it("refuses venue 2's office, stable and merchant posting to a rider of venue 1 only", async () => {
    const rosa = { venue: f.venue2, party_type: 'rider', party_id: f.rider };
    await refused('organizer2', { ...rosa, kind: 'credit', unit_price: 1 }, 'party_id', 'not_at_venue');
    await refused('organizer2', { ...rosa, kind: 'payout', unit_price: 1 }, 'party_id', 'not_at_venue');
    await refused('admin', { ...rosa, kind: 'charge', unit_price: 500 }, 'party_id', 'not_at_venue');
    await refused(
      'stable2',
      { ...rosa, kind: 'charge', consumable: f.otherVenueConsumable },
      'party_id',
      'not_at_venue',
    );
    await refused(
      'merchant2',
      { ...rosa, kind: 'sale', unit_price: 900, description: 'Gloves' },
      'party_id',
      'not_at_venue',
    );
    // The same posts to the rider who does take part at venue 2 go through.
    const eva = { venue: f.venue2, party_type: 'rider', party_id: f.employedRider };
    expect((await post('organizer2', { ...eva, kind: 'credit', unit_price: 1 })).statusCode).toBe(201);
    expect((await post('stable2', { ...eva, kind: 'charge', consumable: f.otherVenueConsumable })).statusCode).toBe(
      201,
    );
    expect((await post('merchant2', { ...eva, kind: 'sale', unit_price: 900, description: 'Gloves' })).statusCode).toBe(
      201,
    );
  });

  it("closes the stray credit → payouts due → IBAN path: venue 2 never lists venue 1's rider", async () => {
    await db().execute(sql`INSERT INTO bank_accounts (owner_type, owner_id, holder_name, iban, currency, is_default)
      VALUES ('rider', ${f.rider}, 'Rosa Rider', 'DE89370400440532013000', 'EUR', true)`);
    await refused(
      'organizer2',
      { venue: f.venue2, kind: 'credit', party_type: 'rider', party_id: f.rider, unit_price: 1 },
      'party_id',
      'not_at_venue',
    );
    // An account left at venue 2 from before the rule (a stray credit) lists nobody either.
    await db().insert(accounts).values({
      venueId: f.venue2,
      kind: 'party',
      partyType: 'rider',
      partyId: f.rider,
      balanceMinor: 1,
    });
    const due = await call('organizer2', 'GET', `/api/v1/venue/${f.venue2}/payouts/due/`);
    expect(due.statusCode).toBe(200);
    expect(due.body).not.toContain('DE89370400440532013000');
    expect(due.body).not.toContain('Rosa');
    // …and a payout to her there is refused.
    await refused(
      'organizer2',
      { venue: f.venue2, kind: 'payout', party_type: 'rider', party_id: f.rider, unit_price: 1 },
      'party_id',
      'not_at_venue',
    );
    // Her report at venue 2 is no business of venue 2's office.
    const report = await call('organizer2', 'GET', `/api/v1/rider/${f.rider}/generateSummaryPDF/?venue=${f.venue2}`);
    expect(report.statusCode).toBe(404);
  });

  it('lets the office post freely to its own parties: any amount, any date, officials too', async () => {
    const at = new Date(Date.now() - 40 * DAY).toISOString();
    const free = {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 1234,
      occurred_at: at,
    };
    expect((await post('organizer', free)).statusCode).toBe(201);
    const official = { venue: 1, kind: 'payout', party_type: 'official', party_id: f.official, unit_price: 500 };
    expect((await post('organizer', official)).statusCode).toBe(201);
  });
});

describe('merchants sell only at their shows, their own goods, never to themselves', () => {
  it('refuses a merchant not registered at the show', async () => {
    await db()
      .delete(merchantParticipations)
      .where(and(eq(merchantParticipations.venueId, f.venue2), eq(merchantParticipations.merchantId, f.merchant)));
    const sale = { venue: f.venue2, kind: 'sale', party_type: 'rider', party_id: f.employedRider, unit_price: 700 };
    await refused('merchant', sale, 'venue', 'not_at_venue');
    // Nor may the office book a sale for a merchant that has no stand there.
    await refused('organizer2', { ...sale, merchant: f.merchant }, 'merchant', 'not_at_venue');
    // Nor look up the show's riders.
    expect((await call('merchant', 'GET', `/api/v1/merchant/riders/?venue=${f.venue2}`)).statusCode).toBe(403);
    const venues = await call('merchant', 'GET', '/api/v1/merchant/venues/');
    expect(venues.json().results.map((v: { id: number }) => v.id)).toEqual([1]);
  });

  it('refuses a sale to itself, as merchant or through another profile of its user', async () => {
    const self = { venue: 1, kind: 'sale', party_type: 'merchant', party_id: f.merchant, unit_price: 700 };
    await refused('merchant', self, 'party_id', 'not_allowed');
    await refused('organizer', { ...self, merchant: f.merchant }, 'party_id', 'not_allowed');
    // The merchant's user is also a rider taking part in venue 1.
    const [riderUser] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'merchant'));
    await db()
      .update(users)
      .set({ roles: ['merchant', 'rider'] })
      .where(eq(users.id, riderUser!.id));
    const [own] = rowsOf<{ id: number }>(
      await db().execute(
        sql`INSERT INTO riders (user_id, first_name, last_name) VALUES (${riderUser!.id}, 'Marco', 'Mercante') RETURNING id`,
      ),
    );
    const ownRider = Number(own!.id);
    await db().execute(sql`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
      VALUES (1, ${ownRider}, 'rider', ${ownRider})`);
    await refused('merchant', { ...self, party_type: 'rider', party_id: ownRider }, 'party_id', 'not_allowed');
    const forIt = { ...self, party_type: 'rider', party_id: ownRider, merchant: f.merchant };
    await refused('organizer', forIt, 'party_id', 'not_allowed');
  });

  it("refuses the venue's price list to a merchant", async () => {
    const sale = { venue: 1, kind: 'sale', party_type: 'rider', party_id: f.rider, consumable: f.box };
    await refused('merchant', sale, 'consumable', 'not_allowed');
  });
});

describe('the stable posts what the floor does', () => {
  const charge = () => ({ venue: 1, kind: 'charge', party_type: 'rider', party_id: f.rider, consumable: f.shavings });

  it('charges an item of the price list at its list price while the show is on', async () => {
    const res = await post('stable', { ...charge(), quantity: 3, unit_price: 850 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ unit_price: 850, gross: -2550, source: 'stable' });
  });

  it('refuses a free amount, another price or category, and a party not of the floor', async () => {
    const { consumable: _none, ...free } = charge();
    await refused('stable', { ...free, unit_price: 850 }, 'consumable', 'required');
    await refused('stable', { ...charge(), unit_price: 849 }, 'unit_price', 'not_allowed');
    await refused('stable', { ...charge(), category: 'other' }, 'category', 'not_allowed');
    await refused('stable', { ...charge(), party_type: 'official', party_id: f.official }, 'party_id', 'not_allowed');
    await refused('stable', { ...charge(), party_type: 'merchant', party_id: f.merchant }, 'party_id', 'not_allowed');
  });

  it('refuses a backdated or future moment, with a few hours of slack around the show days', async () => {
    const [venue] = rowsOf<{ from: string; until: string }>(
      await db().execute(sql`SELECT
        (extract(epoch FROM start_date::timestamp AT TIME ZONE time_zone) * 1000)::bigint::text AS "from",
        (extract(epoch FROM (end_date + 1)::timestamp AT TIME ZONE time_zone) * 1000)::bigint::text AS "until"
        FROM venues WHERE id = 1`),
    );
    const from = Number(venue!.from);
    const until = Number(venue!.until);
    const at = (ms: number) => ({ ...charge(), occurred_at: new Date(ms).toISOString() });
    await refused('stable', at(from - 7 * HOUR), 'occurred_at', 'outside_show_days');
    await refused('stable', at(until + 7 * HOUR), 'occurred_at', 'outside_show_days');
    expect((await post('stable', at(from - 5 * HOUR))).statusCode).toBe(201);
    expect((await post('stable', at(until + 5 * HOUR))).statusCode).toBe(201);
  });
});

describe("the show office's merchants", () => {
  it('registers and removes a merchant at its own show only', async () => {
    const list = async () =>
      (await call('organizer', 'GET', '/api/v1/venue/1/merchants/')).json().results.map((m: { id: number }) => m.id);
    expect(await list()).toEqual([f.merchant]);
    const added = await call('organizer', 'POST', '/api/v1/venue/1/merchants/', { merchant: f.merchant2 });
    expect([added.statusCode, added.json().name]).toEqual([201, 'Markt Zwei']);
    expect((await list()).sort()).toEqual([f.merchant, f.merchant2].sort());
    // merchant2 now sells at venue 1.
    const sale = { venue: 1, kind: 'sale', party_type: 'rider', party_id: f.rider, unit_price: 400 };
    expect((await post('merchant2', sale)).statusCode).toBe(201);
    // With its takings open it stays registered; the demo merchant without any goes.
    expect((await call('organizer', 'DELETE', `/api/v1/venue/1/merchants/${f.merchant2}/`)).statusCode).toBe(409);
    expect((await call('organizer', 'DELETE', `/api/v1/venue/1/merchants/${f.merchant}/`)).statusCode).toBe(204);
    expect(await list()).toEqual([f.merchant2]);
    // Another show's list is not this office's.
    expect((await call('organizer', 'GET', `/api/v1/venue/${f.venue2}/merchants/`)).statusCode).toBe(403);
    const foreign = await call('organizer', 'POST', `/api/v1/venue/${f.venue2}/merchants/`, { merchant: f.merchant2 });
    expect(foreign.statusCode).toBe(403);
    expect((await call('stable', 'GET', '/api/v1/venue/1/merchants/')).statusCode).toBe(403);
  });
});
