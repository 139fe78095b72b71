import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_BOUND_MINOR, ACCOUNT_VOLUME_BOUND_MINOR, MAX_ENTRY_MINOR } from '@shared/ledger';
import { rowsOf } from '../../server/src/db/rows';
import { ledgerCounts, postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

/**
 * The property: random entries up to the bounds, and attempts past them (quantities that
 * take a line past the hard cap, amounts above the venue's limit, entries and edits that would
 * take an account past ACCOUNT_BOUND_MINOR), never make a balance page fail. Every refusal is a
 * 400 with a field error and posts nothing; every account stays within its bound; the balance
 * check agrees with the running totals.
 */

const server = useTestServer();

type Kind = 'charge' | 'credit' | 'payment' | 'payout' | 'fee';
interface PostOp {
  type: 'post';
  kind: Kind;
  party: number;
  price: number;
  quantity: number;
  taxed: boolean;
}
interface EditOp {
  type: 'edit';
  which: number;
  price: number;
  quantity: number;
}
interface LimitOp {
  type: 'limit';
  limit: number;
}
type Op = PostOp | EditOp | LimitOp;

const priceArb = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  fc.integer({ min: 100_000_000, max: 10_000_000_000 }),
  fc.constant(10_000_000_000),
);
const quantityArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) },
  { weight: 1, arbitrary: fc.integer({ min: 11, max: 10_000 }) },
);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('post' as const),
      kind: fc.constantFrom<Kind>('charge', 'charge', 'charge', 'credit', 'payment', 'payout', 'fee'),
      party: fc.integer({ min: 0, max: 3 }),
      price: priceArb,
      quantity: quantityArb,
      taxed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      which: fc.nat(),
      price: priceArb,
      quantity: quantityArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      limit: fc.oneof(fc.constant(MAX_ENTRY_MINOR), fc.integer({ min: 1, max: MAX_ENTRY_MINOR })),
    }),
  },
);

/** The refusals a valid-looking entry may meet at the bounds. */
const BOUND_ERRORS = [
  { unit_price: ['too_big'] },
  { unit_price: ['over_entry_limit'] },
  { __all__: ['balance_out_of_range'] },
];

function bodyOf(op: PostOp, f: LedgerFixtures): Record<string, unknown> {
  const parties: [string, number][] = [
    ['rider', f.rider],
    ['official', f.official],
    ['simpleuser', f.simpleUser],
    ['employer', f.employer],
  ];
  const [partyType, partyId] = parties[op.party]!;
  const body: Record<string, unknown> = {
    venue: 1,
    kind: op.kind,
    party_type: partyType,
    party_id: partyId,
    unit_price: op.price,
    quantity: op.quantity,
  };
  if (op.kind === 'charge' || op.kind === 'credit') body.category = op.taxed ? 'box' : 'other';
  if (op.kind === 'fee' && op.taxed) body.tax_type = f.vatStd;
  return body;
}

async function expectPagesWork() {
  const auth = async (user: string) => server().auth(user);
  for (const [user, url] of [
    ['admin', '/api/v1/balance/?venue=1'],
    ['admin', '/api/v1/balance/?venue=1&status=owing'],
    ['admin', '/api/v1/balance/summary/'],
    ['admin', '/api/v1/balance/findClient/?search=demo'],
    ['rider', '/api/v1/balance/mine/'],
    ['official', '/api/v1/balance/mine/'],
    ['admin', '/api/v1/transaction/?venue=1'],
    ['admin', '/api/v1/transaction/'],
    ['rider', '/api/v1/transaction/'],
  ] as const) {
    const res = await server().app.inject({ url, headers: await auth(user) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  }
  const check = await server().app.inject({ url: '/api/v1/balance/check/', headers: await auth('admin') });
  expect(check.statusCode).toBe(200);
  expect(check.json()).toMatchObject({ ok: true, total: 0, mismatched_accounts: [] });
}

async function runOps(ops: Op[]) {
  await server().reset();
  const db = server().database.db;
  const f = await seedLedgerFixtures(db);
  const app = server().app;
  const admin = await server().auth('admin');
  const live: number[] = [];
  let posted = 0;

  for (const op of ops) {
    if (op.type === 'limit') {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/v1/venue/1/',
        headers: admin,
        payload: { max_entry_minor: op.limit },
      });
      expect(res.statusCode, res.body).toBe(200);
      continue;
    }
    const before = await ledgerCounts(db);
    if (op.type === 'post') {
      const res = await postEntry(app, admin, bodyOf(op, f));
      expect([201, 400], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) {
        posted += 1;
        live.push(res.json().id);
      } else {
        expect(BOUND_ERRORS).toContainEqual(res.json().fields);
        expect(await ledgerCounts(db)).toEqual(before);
      }
    } else if (live.length) {
      const index = op.which % live.length;
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v1/transaction/${live[index]}/`,
        headers: admin,
        payload: { unit_price: op.price, quantity: op.quantity },
      });
      expect([200, 400], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const next = res.json().id;
        if (next !== live[index]) posted += 2;
        live[index] = next;
      } else {
        expect(BOUND_ERRORS).toContainEqual(res.json().fields);
        expect(await ledgerCounts(db)).toEqual(before);
      }
    }
  }

  expect((await ledgerCounts(db)).transactions).toBe(posted);
  const [outside] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM accounts WHERE abs(balance_minor) > ${ACCOUNT_BOUND_MINOR}
      OR abs(charged_minor) > ${ACCOUNT_BOUND_MINOR} OR abs(tax_minor) > ${ACCOUNT_BOUND_MINOR}
      OR abs(paid_minor) > ${ACCOUNT_BOUND_MINOR}`),
  );
  expect(outside!.n).toBe(0);
  // The turnover is the sum of the absolute postings, and within its bound.
  const [turnover] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM accounts a
      LEFT JOIN (SELECT account_id, sum(abs(amount_minor)) AS v FROM postings GROUP BY 1) s ON s.account_id = a.id
      WHERE a.volume_minor <> COALESCE(s.v, 0) OR a.volume_minor > ${ACCOUNT_VOLUME_BOUND_MINOR}`),
  );
  expect(turnover!.n).toBe(0);
  await expectPagesWork();
}

describe('entries up to the bounds and past them', () => {
  it('never make a balance page fail', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40 }), (ops) => runOps(ops)),
      { numRuns: 10 },
    );
  }, 300_000);

  it('holds for a long run of the largest entries at one party', async () => {
    const largest: Op[] = [
      { type: 'limit', limit: MAX_ENTRY_MINOR },
      ...Array.from({ length: 30 }, (_, i): Op => ({
        type: 'post',
        kind: i % 7 === 6 ? 'credit' : 'charge',
        party: 0,
        price: 10_000_000_000,
        quantity: 10,
        taxed: i % 2 === 0,
      })),
    ];
    await runOps(largest);
  }, 60_000);
});
