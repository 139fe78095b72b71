import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/src/db/client';
import { CHARGE_CATEGORIES } from '../../src/shared/ledger';
import { rowsOf } from '../../server/src/db/rows';
import {
  consumables,
  employers,
  employments,
  eventCategories,
  merchantParticipations,
  merchants,
  officialParticipations,
  riders,
  taxConfigurations,
  taxRates,
  taxTypes,
  users,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
  venues,
} from '../../server/src/db/schema';

/**
 * A show set up for the ledger tests, written straight into the database (the admin APIs that
 * create these belong to other modules). Venue 1 is the demo venue (EUR, Europe/Ljubljana,
 * prices gross) with the tax setup below; venue 2 another show the
 * demo organizer does not belong to.
 */
export interface LedgerFixtures {
  venue2: number;
  /** 22 % since 2020. */
  vatStd: number;
  /** 20 % until 2024-06-30, 21 % from 2024-07-01. */
  vatChange: number;
  /** 9.5 %. */
  vatRed: number;
  /** A tax type without any rate. */
  noRate: number;
  vec: number;
  /** An event of venue 2. */
  vec2: number;
  /** Box, 150.00 gross, no tax type of its own: the event's configuration (VAT_STD) applies. */
  box: number;
  /** Shavings, 8.50, VAT_RED of its own. */
  shavings: number;
  inactive: number;
  otherVenueConsumable: number;
  /** Demo rider (riders.id), enrolled at venue 1 in the one event. */
  rider: number;
  /** A rider EMPLOYED by the demo employer (confirmed), with their own login. */
  employedRider: number;
  employedRiderUser: string;
  employer: number;
  /** Demo merchant: 2.5 % + 0.30 per sale. */
  merchant: number;
  official: number;
  simpleUser: number;
}

/** Registers a merchant at a show (as the show office's merchants API does). */
export async function registerMerchant(db: Db, venueId: number, merchantId: number): Promise<void> {
  await db.insert(merchantParticipations).values({ venueId, merchantId }).onConflictDoNothing();
}

async function idOf(db: Db, table: typeof riders | typeof employers | typeof merchants, username: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`no profile for ${username}`);
  return row.id;
}

/**
 * `floor`: the floor's show (floor-fixtures.ts), narrower: the demo rider at venue 1 only, the
 * employed rider at none (the floor enrols her at venue 2).
 */
export async function seedLedgerFixtures(db: Db, options: { floor?: boolean } = {}): Promise<LedgerFixtures> {
  const [venue2] = await db
    .insert(venues)
    .values({ name: 'Other Show', currency: 'CHF', timeZone: 'Europe/Zurich' })
    .returning({ id: venues.id });
  const types = await db
    .insert(taxTypes)
    .values([
      { code: 'VAT_STD', name: 'Standard' },
      { code: 'VAT_RED', name: 'Reduced' },
      { code: 'NO_RATE', name: 'No rate' },
      { code: 'VAT_CHG', name: 'Changed' },
    ])
    .returning({ id: taxTypes.id });
  const [vatStd, vatRed, noRate, vatChange] = types.map((t) => t.id) as [number, number, number, number];
  await db.insert(taxRates).values([
    { taxTypeId: vatStd, rateBp: 2200, validFrom: '2020-01-01' },
    { taxTypeId: vatRed, rateBp: 950, validFrom: '2020-01-01' },
    { taxTypeId: vatChange, rateBp: 2000, validFrom: '2020-01-01', validTo: '2024-06-30' },
    { taxTypeId: vatChange, rateBp: 2100, validFrom: '2024-07-01' },
  ]);
  await db.insert(eventCategories).values({ code: 'CSI2*', name: 'CSI2*' }).onConflictDoNothing();
  const [category] = await db.select().from(eventCategories).where(eq(eventCategories.code, 'CSI2*'));
  const [vec, vec2] = await db
    .insert(venueEventCategories)
    .values([
      { venueId: 1, eventCategoryId: category!.id, name: 'CSI2* Lipica' },
      { venueId: venue2!.id, eventCategoryId: category!.id, name: 'CSI2* Zurich' },
    ])
    .returning();
  await db.insert(taxConfigurations).values({ vecId: vec!.id, category: 'box', taxTypeId: vatStd });
  // Every other kind of charge resolves a tax too (no charge is posted without one): in these
  // shows they are exempt, stated with their legal ground, so their amounts carry no VAT.
  const [exempt] = await db
    .insert(taxTypes)
    .values({
      code: 'FIXTURE_EXEMPT',
      name: 'Exempt',
      category: 'E',
      exemptionReason: 'Exempt under Article 132(1)(m) of Directive 2006/112/EC.',
      exemptionCode: 'VATEX-EU-132-1M',
    })
    .returning({ id: taxTypes.id });
  await db.insert(taxRates).values({ taxTypeId: exempt!.id, rateBp: 0, validFrom: '2000-01-01' });
  await db.insert(taxConfigurations).values(
    [vec!.id, vec2!.id].flatMap((vecId) =>
      CHARGE_CATEGORIES.filter((c) => c !== 'prize_money' && (vecId !== vec!.id || c !== 'box')).map((category) => ({
        vecId,
        category,
        taxTypeId: exempt!.id,
      })),
    ),
  );
  const items = await db
    .insert(consumables)
    .values([
      { venueId: 1, name: 'Box', category: 'box', unitPriceMinor: 15000 },
      { venueId: 1, name: 'Shavings', category: 'shavings', unitPriceMinor: 850, taxTypeId: vatRed },
      { venueId: 1, name: 'Old hay', category: 'hay', unitPriceMinor: 900, active: false },
      { venueId: venue2!.id, name: 'Box Zurich', category: 'box', unitPriceMinor: 20000 },
    ])
    .returning({ id: consumables.id });
  const [box, shavings, inactive, otherVenueConsumable] = items.map((c) => c.id) as [number, number, number, number];

  const rider = await idOf(db, riders, 'rider');
  const employer = await idOf(db, employers, 'employer');
  const merchant = await idOf(db, merchants, 'merchant');
  await db.update(merchants).set({ feePercentBp: 250, feeFixedMinor: 30 }).where(eq(merchants.id, merchant));
  await db
    .insert(venueParticipations)
    .values({ venueId: 1, riderId: rider, payerType: 'rider', payerId: rider })
    .onConflictDoNothing();
  const [participation] = await db
    .select()
    .from(venueParticipations)
    .where(and(eq(venueParticipations.venueId, 1), eq(venueParticipations.riderId, rider)));
  await db.insert(vecParticipations).values({ vecId: vec!.id, venueParticipationId: participation!.id });

  const [employedUser] = await db
    .insert(users)
    .values({
      username: 'employed',
      email: 'employed@paddock.demo',
      emailConfirmed: true,
      roles: ['rider'],
      firstName: 'Eva',
      lastName: 'Employed',
    })
    .returning();
  await db.execute(
    sql`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE username = 'rider') WHERE id = ${employedUser!.id}`,
  );
  const [employed] = await db
    .insert(riders)
    .values({ userId: employedUser!.id, firstName: 'Eva', lastName: 'Employed', employmentStatus: 'EMPLOYED' })
    .returning();
  await db
    .insert(employments)
    .values({ employerId: employer, riderId: employed!.id, status: 'confirmed', dateFrom: '2020-01-01' });

  const [official] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT o.id FROM officials o JOIN users u ON u.id = o.user_id WHERE u.username = 'official'`),
  );
  const [simple] = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT s.id FROM simple_users s JOIN users u ON u.id = s.user_id WHERE u.username = 'simpleuser'`,
    ),
  );
  // Everyone the ledger tests post to takes part in venue 1 (the rider also in venue 2): a party
  // is postable only at a venue it takes part in. The floor's show enrols its own riders.
  if (!options.floor)
    await db.insert(venueParticipations).values([
      { venueId: venue2!.id, riderId: rider, payerType: 'rider', payerId: rider },
      { venueId: 1, riderId: employed!.id, payerType: 'employer', payerId: employer },
    ]);
  await db.insert(officialParticipations).values({ venueId: 1, officialId: official!.id, function: 'judge' });
  await registerMerchant(db, 1, merchant);
  await registerMerchant(db, venue2!.id, merchant);
  await db.update(users).set({ assignedVenueId: 1 }).where(eq(users.username, 'simpleuser'));
  return {
    venue2: venue2!.id,
    vatStd,
    vatChange,
    vatRed,
    noRate,
    vec: vec!.id,
    vec2: vec2!.id,
    box,
    shavings,
    inactive,
    otherVenueConsumable,
    rider,
    employedRider: employed!.id,
    employedRiderUser: 'employed',
    employer,
    merchant,
    official: official!.id,
    simpleUser: simple!.id,
  };
}

/** Row counts of the ledger's tables (bad input must leave them unchanged). */
export async function ledgerCounts(db: Db) {
  const [row] = rowsOf<{ transactions: number; postings: number; accounts: number; keys: number; balances: string }>(
    await db.execute(sql`SELECT
      (SELECT count(*) FROM transactions)::int AS transactions,
      (SELECT count(*) FROM postings)::int AS postings,
      (SELECT count(*) FROM accounts)::int AS accounts,
      (SELECT count(*) FROM idempotency_keys)::int AS keys,
      (SELECT coalesce(sum(balance_minor), 0)::text FROM accounts) AS balances`),
  );
  if (!row) throw new Error('no counts');
  return row;
}

/** The app (or anything that injects like it). */
interface Injector {
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

let keySeq = 0;
/** A fresh Idempotency-Key. */
export const newKey = (): string => `test-key-${process.pid}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

/** POST /api/v1/transaction/ with a fresh key (or the one given). */
export function postEntry(app: Injector, auth: Record<string, string>, body: Record<string, unknown>, key = newKey()) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/transaction/',
    headers: { ...auth, 'idempotency-key': key },
    payload: body,
  });
}
