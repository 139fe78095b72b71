import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { computeTax, type TaxOverride } from '@shared/ledger';
import {
  consumables,
  eventCategories,
  riders,
  taxConfigurations,
  taxRates,
  transactions,
  venueEventCategories,
  venues,
} from '../../server/src/db/schema';
import { postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

/** Hand-worked: per line, half away from zero; a gross price holds its tax, a net one gets it added. */
const TABLE: [number, 'gross' | 'net', number, boolean, TaxOverride, number, number, number, number][] = [
  // line, entry, rate, applies by default, override → net, tax, gross, rate applied
  [15000, 'gross', 2200, true, 'NO_OVERRIDE', 12295, 2705, 15000, 2200], // 2704.918
  [1000, 'gross', 2200, true, 'NO_OVERRIDE', 820, 180, 1000, 2200], // 180.328
  [2550, 'gross', 950, true, 'NO_OVERRIDE', 2329, 221, 2550, 950], // 3 × 8.50: 221.233
  [3, 'gross', 2200, true, 'NO_OVERRIDE', 2, 1, 3, 2200], // 0.541
  [1, 'gross', 2200, true, 'NO_OVERRIDE', 1, 0, 1, 2200], // 0.180
  [3, 'gross', 10000, true, 'NO_OVERRIDE', 1, 2, 3, 10000], // 1.5 → 2
  [-3, 'gross', 10000, true, 'NO_OVERRIDE', -1, -2, -3, 10000], // −1.5 → −2
  [12200, 'gross', 2200, true, 'SKIP', 10000, 0, 10000, 0], // reverse charge: the tax part goes
  [12200, 'gross', 2200, false, 'NO_OVERRIDE', 10000, 0, 10000, 0],
  [12200, 'gross', 2200, false, 'FORCE', 10000, 2200, 12200, 2200],
  [12200, 'gross', 0, true, 'FORCE', 12200, 0, 12200, 0], // nothing to force
  [10000, 'net', 2200, true, 'NO_OVERRIDE', 10000, 2200, 12200, 2200],
  [999, 'net', 770, true, 'NO_OVERRIDE', 999, 77, 1076, 770], // 3 × 3.33: 76.923 (per unit: 3 × 26)
  [5, 'net', 1000, true, 'NO_OVERRIDE', 5, 1, 6, 1000], // 0.5 → 1
  [15, 'net', 1000, true, 'NO_OVERRIDE', 15, 2, 17, 1000], // 1.5 → 2
  [25, 'net', 1000, true, 'NO_OVERRIDE', 25, 3, 28, 1000], // 2.5 → 3
  [4, 'net', 1250, true, 'NO_OVERRIDE', 4, 1, 5, 1250], // 0.5 → 1
  [-5, 'net', 1000, true, 'NO_OVERRIDE', -5, -1, -6, 1000], // −0.5 → −1
  [10000, 'net', 2200, true, 'SKIP', 10000, 0, 10000, 0],
  [10000, 'net', 2200, false, 'NO_OVERRIDE', 10000, 0, 10000, 0],
  [10000, 'net', 2200, false, 'FORCE', 10000, 2200, 12200, 2200],
];

describe('computeTax', () => {
  it.each(TABLE)(
    '%i %s at %i bp (default %s, %s) → net %i, tax %i, gross %i',
    (line, entry, rate, applies, override, net, tax, gross, rateBp) => {
      expect(
        computeTax({
          lineAmount: line,
          pricesIncludeTax: entry === 'gross',
          rateBp: rate,
          appliesByDefault: applies,
          override,
        }),
      ).toMatchObject({ net, tax, gross, rateBp });
    },
  );
});

describe('tax through POST /api/v1/transaction/ (snapshotted on the entry)', () => {
  const server = useTestServer();
  let f: LedgerFixtures;
  beforeEach(async () => {
    const db = server().database.db;
    f = await seedLedgerFixtures(db);
    // Electricity: the event's tax that does not apply unless the rider's override forces it.
    await db
      .update(taxConfigurations)
      .set({ taxTypeId: f.vatStd, appliesByDefault: false })
      .where(and(eq(taxConfigurations.vecId, f.vec), eq(taxConfigurations.category, 'electricity')));
  });

  async function setup(entry: 'gross' | 'net', override: TaxOverride) {
    const db = server().database.db;
    await db
      .update(venues)
      .set({ pricesIncludeTax: entry === 'gross' })
      .where(eq(venues.id, 1));
    await db.update(riders).set({ taxOverride: override }).where(eq(riders.id, f.rider));
  }
  const charge = async (body: Record<string, unknown>) => {
    const res = await postEntry(server().app, await server().auth('admin'), {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  type Case = [string, 'gross' | 'net', TaxOverride, () => Record<string, unknown>, number, number, number, number];
  const cases: Case[] = [
    // name, entry, override, body → rate, net, tax, gross (as they affect the party: a charge is negative)
    [
      'box by the event configuration',
      'gross',
      'NO_OVERRIDE',
      () => ({ consumable: f.box }),
      2200,
      -12295,
      -2705,
      -15000,
    ],
    [
      '3 × shavings by their own tax type',
      'gross',
      'NO_OVERRIDE',
      () => ({ consumable: f.shavings, quantity: 3 }),
      950,
      -2329,
      -221,
      -2550,
    ],
    ['box, rider SKIP', 'gross', 'SKIP', () => ({ consumable: f.box }), 0, -12295, 0, -12295],
    [
      'electricity (not by default), rider FORCE',
      'gross',
      'FORCE',
      () => ({ category: 'electricity', unit_price: 12200 }),
      2200,
      -10000,
      -2200,
      -12200,
    ],
    [
      'electricity (not by default)',
      'gross',
      'NO_OVERRIDE',
      () => ({ category: 'electricity', unit_price: 12200 }),
      0,
      -10000,
      0,
      -10000,
    ],
    // The fixtures' event has hay exempt (category E, 0 %): FORCE finds no rate to force.
    [
      'hay exempt by the event, rider FORCE',
      'gross',
      'FORCE',
      () => ({ category: 'hay', unit_price: 999 }),
      0,
      -999,
      0,
      -999,
    ],
    ['box at net prices', 'net', 'NO_OVERRIDE', () => ({ consumable: f.box }), 2200, -15000, -3300, -18300],
    [
      '3 × 3.33 net, office tax type',
      'net',
      'NO_OVERRIDE',
      () => ({ unit_price: 333, quantity: 3, tax_type: f.vatRed }),
      950,
      -999,
      -95,
      -1094,
    ],
    [
      '0.25 net at 22 %: 5.5 cents → 6',
      'net',
      'NO_OVERRIDE',
      () => ({ unit_price: 25, tax_type: f.vatStd }),
      2200,
      -25,
      -6,
      -31,
    ],
    ['box at net prices, rider SKIP', 'net', 'SKIP', () => ({ consumable: f.box }), 0, -15000, 0, -15000],
    [
      'electricity net, rider FORCE',
      'net',
      'FORCE',
      () => ({ category: 'electricity', unit_price: 10000 }),
      2200,
      -10000,
      -2200,
      -12200,
    ],
  ];

  it.each(cases)('%s (%s prices, %s)', async (_name, entry, override, body, rate, net, tax, gross) => {
    await setup(entry, override);
    expect(await charge(body())).toMatchObject({
      tax_rate_bp: rate,
      net,
      tax,
      gross,
      prices_include_tax: entry === 'gross',
    });
  });

  it("keeps the rate it was posted with, signs a credit for the party, and uses the beneficiary's override", async () => {
    await setup('gross', 'NO_OVERRIDE');
    const posted = await charge({ consumable: f.box });
    await server().database.db.update(taxRates).set({ rateBp: 2500 }).where(eq(taxRates.taxTypeId, f.vatStd));
    const read = await server().app.inject({
      url: `/api/v1/transaction/${posted.id}/`,
      headers: await server().auth('admin'),
    });
    expect(read.json()).toMatchObject({ tax_type: f.vatStd, tax_rate_bp: 2200, tax: -2705 });
    expect(await charge({ kind: 'credit', consumable: f.shavings })).toMatchObject({ net: 776, tax: 74, gross: 850 });

    await server().database.db.update(riders).set({ taxOverride: 'SKIP' }).where(eq(riders.id, f.employedRider));
    const forEmployed = await charge({ party_id: f.employedRider, consumable: f.shavings, quantity: 3 });
    expect(forEmployed).toMatchObject({ party: { type: 'employer' }, tax_rate_bp: 0, tax: 0, gross: -2329 });
  });

  it('takes the rate valid on the venue-local day of occurrence', async () => {
    await setup('gross', 'NO_OVERRIDE');
    // Ljubljana is UTC+2 in summer: 21:30 UTC is still June 30th there, 22:30 UTC is July 1st.
    const june = await charge({ unit_price: 12000, tax_type: f.vatChange, occurred_at: '2024-06-30T21:30:00Z' });
    const july = await charge({ unit_price: 12000, tax_type: f.vatChange, occurred_at: '2024-06-30T22:30:00Z' });
    expect(june).toMatchObject({ tax_rate_bp: 2000, net: -10000, tax: -2000, gross: -12000 });
    expect(july).toMatchObject({ tax_rate_bp: 2100, net: -9917, tax: -2083, gross: -12000 });
    const before = await postEntry(server().app, await server().auth('admin'), {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      unit_price: 12000,
      tax_type: f.vatChange,
      occurred_at: '2019-12-31T12:00:00+01:00',
    });
    expect(before.json().fields).toEqual({ tax_type: ['no_tax_rate'] });
  });
});

describe('no charge without its VAT: the tax resolves or the post is refused', () => {
  const server = useTestServer();
  let f: LedgerFixtures;
  beforeEach(async () => {
    f = await seedLedgerFixtures(server().database.db);
  });
  const db = () => server().database.db;
  const post = async (username: string, body: Record<string, unknown>) =>
    postEntry(server().app, await server().auth(username), {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.rider,
      ...body,
    });
  const count = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(transactions)
      )[0]!.n,
    );
  /** The venue's event configures no tax for hay any more. */
  const unconfigureHay = () =>
    db()
      .delete(taxConfigurations)
      .where(and(eq(taxConfigurations.vecId, f.vec), eq(taxConfigurations.category, 'hay')));

  it('resolves in order: the tax type named > the article’s > the event’s > the venue’s where its events agree', async () => {
    // The office names one: it wins over the article's (shavings: 9.5 %).
    const named = await post('admin', { consumable: f.shavings, tax_type: f.vatStd });
    expect(named.json()).toMatchObject({ tax_type: f.vatStd, tax_rate_bp: 2200 });
    // The article's own tax type wins over the event's configuration of its category (exempt).
    const article = await post('admin', { consumable: f.shavings });
    expect(article.json()).toMatchObject({ tax_type: f.vatRed, tax_rate_bp: 950 });
    // The event's configuration of the category: the box at 22 %.
    const event = await post('admin', { consumable: f.box });
    expect(event.json()).toMatchObject({ tax_type: f.vatStd, tax_rate_bp: 2200, vec: f.vec });
    // A party in no event (the employer, charged directly): the venue's configuration, its one event's.
    const employer = await post('admin', { party_type: 'employer', party_id: f.employer, consumable: f.box });
    expect(employer.statusCode, employer.body).toBe(201);
    expect(employer.json()).toMatchObject({ tax_type: f.vatStd, tax_rate_bp: 2200, vec: null });
  });

  it('refuses a charge nothing gives a tax, on the field that fixes it, and writes nothing', async () => {
    await unconfigureHay();
    const before = await count();
    // The office's free line: the entry's tax type is what fixes it.
    const office = await post('admin', { category: 'hay', description: 'Hay', unit_price: 950 });
    expect(office.statusCode).toBe(400);
    expect(office.json().fields).toEqual({ tax_type: ['no_tax_configured'] });
    // An article without a tax type, at the office and at the stable: the article's tax type.
    const [hay] = await db()
      .insert(consumables)
      .values({ venueId: 1, name: 'Hay', category: 'hay', unitPriceMinor: 950 })
      .returning({ id: consumables.id });
    for (const username of ['admin', 'stable']) {
      const res = await post(username, { consumable: hay!.id, ...(username === 'stable' ? { source: 'stable' } : {}) });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().fields, username).toEqual({ consumable: ['no_tax_configured'] });
    }
    expect(await count()).toBe(before);
    // Named by the office, the same line posts.
    const fixed = await post('admin', { category: 'hay', description: 'Hay', unit_price: 950, tax_type: f.vatRed });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json()).toMatchObject({ tax_rate_bp: 950, tax: -82 });
  });

  it('refuses a party in no event where the venue’s events disagree, and needs no tax for credits and payments', async () => {
    // A second event at the venue with hay at 9.5 %, the first's exempt: no one tax for the venue.
    const [second] = await db()
      .insert(venueEventCategories)
      .values({ venueId: 1, eventCategoryId: (await db().select().from(eventCategories))[0]!.id, name: 'CSN' })
      .returning({ id: venueEventCategories.id });
    await db().insert(taxConfigurations).values({ vecId: second!.id, category: 'hay', taxTypeId: f.vatRed });
    const employer = await post('admin', {
      party_type: 'employer',
      party_id: f.employer,
      category: 'hay',
      description: 'Hay',
      unit_price: 950,
    });
    expect(employer.json().fields).toEqual({ tax_type: ['no_tax_configured'] });
    // The rider in the first event takes that event's (exempt).
    const rider = await post('admin', { category: 'hay', description: 'Hay', unit_price: 950 });
    expect(rider.json()).toMatchObject({ tax_rate_bp: 0, vec: f.vec });
    // A payment carries no VAT: nothing to resolve.
    await unconfigureHay();
    const payment = await post('admin', { kind: 'payment', category: 'hay', unit_price: 950 });
    expect(payment.statusCode, payment.body).toBe(201);
  });
});
