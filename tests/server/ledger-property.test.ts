import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PostableKind } from '@shared/ledger';
import { rowsOf } from '../../server/src/db/rows';
import { newKey, postEntry, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';
import { useTestServer } from './helpers/use-server';

/**
 * Random sequences of posts (every kind, by the office, the stable and a merchant, at two
 * venues), replays of idempotency keys, concurrent posts (duplicates among them), edits and
 * deletes. After each sequence the journal must balance, every running total must equal its
 * recomputation, and no transaction may exist twice.
 */

const server = useTestServer();

type User = 'admin' | 'organizer' | 'stable' | 'merchant';
interface PostOp {
  user: User;
  venue: 1 | 2;
  kind: PostableKind;
  party: number;
  item: 'price' | 'box' | 'shavings' | 'prize';
  amount: number;
  quantity: number;
  taxed: boolean;
}
type Op =
  | { type: 'post'; post: PostOp }
  | { type: 'replay' | 'mismatch'; which: number }
  | { type: 'concurrent'; posts: PostOp[]; duplicate: boolean }
  | { type: 'edit' | 'delete'; which: number; quantity: number; user: 'admin' | 'organizer' };

const postArb: fc.Arbitrary<PostOp> = fc.record({
  user: fc.constantFrom<User>('admin', 'admin', 'organizer', 'stable', 'merchant'),
  venue: fc.constantFrom<1 | 2>(1, 1, 1, 2),
  kind: fc.constantFrom<PostableKind>('charge', 'charge', 'credit', 'payment', 'payout', 'fee', 'sale'),
  party: fc.integer({ min: 0, max: 4 }),
  item: fc.constantFrom('price' as const, 'box' as const, 'shavings' as const, 'prize' as const),
  amount: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  taxed: fc.boolean(),
});
const correctionArb = fc.record({
  which: fc.nat(),
  quantity: fc.integer({ min: 1, max: 5 }),
  user: fc.constantFrom('admin' as const, 'organizer' as const),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: postArb.map((post) => ({ type: 'post' as const, post })) },
  { weight: 2, arbitrary: fc.nat().map((which) => ({ type: 'replay' as const, which })) },
  { weight: 1, arbitrary: fc.nat().map((which) => ({ type: 'mismatch' as const, which })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ posts: fc.array(postArb, { minLength: 2, maxLength: 4 }), duplicate: fc.boolean() })
      .map((c) => ({ type: 'concurrent' as const, ...c })),
  },
  { weight: 2, arbitrary: correctionArb.map((c) => ({ type: 'edit' as const, ...c })) },
  { weight: 1, arbitrary: correctionArb.map((c) => ({ type: 'delete' as const, ...c })) },
);

const isOffice = (user: User) => user === 'admin' || user === 'organizer';

function bodyOf(p: PostOp, f: LedgerFixtures): Record<string, unknown> {
  const parties: [string, number][] = [
    ['rider', f.rider],
    ['rider', f.employedRider],
    ['official', f.official],
    ['simpleuser', f.simpleUser],
    ['employer', f.employer],
  ];
  const [partyType, partyId] = parties[p.party]!;
  const body: Record<string, unknown> = {
    venue: p.venue === 1 ? 1 : f.venue2,
    kind: p.kind,
    party_type: partyType,
    party_id: partyId,
    quantity: p.quantity,
  };
  const line = p.kind === 'charge' || p.kind === 'credit';
  if (line && p.venue === 1 && (p.item === 'box' || p.item === 'shavings')) body.consumable = f[p.item];
  else body.unit_price = p.amount;
  if (line && p.item === 'prize') body.category = 'prize_money';
  if (line && p.item === 'price') body.category = p.taxed ? 'box' : 'other';
  if (p.kind === 'fee' && p.taxed && isOffice(p.user)) body.tax_type = f.vatStd;
  if (p.kind === 'sale' && p.user !== 'merchant') body.merchant = f.merchant;
  return body;
}

function expectedStatus(p: PostOp): number {
  if ((p.user === 'organizer' || p.user === 'stable') && p.venue !== 1) return 403;
  if (p.user === 'stable' && p.kind !== 'charge') return 400;
  if (p.user === 'merchant' && p.kind !== 'sale') return 400;
  // A party takes part where the fixtures enrol it: everyone at venue 1, only the demo rider at venue 2.
  if (p.venue !== 1 && p.party !== 0) return 400;
  // The stable posts items of the price list, to riders and employers (not officials, simple users).
  const item = p.venue === 1 && (p.item === 'box' || p.item === 'shavings');
  if (p.user === 'stable' && (!item || p.party === 2 || p.party === 3)) return 400;
  return 201;
}

interface Entry {
  id: number;
  venue: number;
  party: string;
  gross: number;
}
interface Sent {
  user: User;
  key: string;
  body: Record<string, unknown>;
  status: number;
  response: string;
}

/** The model the ledger must agree with. */
class Model {
  transactions = 0;
  keys = new Set<string>();
  live: Entry[] = [];
  sent: Sent[] = [];
  balances = new Map<string, number>();

  add(entry: { id: number; venue: number; party: { type: string; id: number }; gross: number }) {
    const party = `${entry.venue}|${entry.party.type}|${entry.party.id}`;
    this.live.push({ id: entry.id, venue: entry.venue, party, gross: entry.gross });
    this.move(party, entry.gross);
  }

  remove(entry: Entry) {
    this.live = this.live.filter((e) => e.id !== entry.id);
    this.move(entry.party, -entry.gross);
  }

  move(party: string, amount: number) {
    this.balances.set(party, (this.balances.get(party) ?? 0) + amount);
  }
}

async function runOps(ops: Op[]) {
  await server().reset();
  const db = server().database.db;
  const f = await seedLedgerFixtures(db);
  const app = server().app;
  const auth: Record<string, Record<string, string>> = {};
  for (const user of ['admin', 'organizer', 'stable', 'merchant']) auth[user] = await server().auth(user);
  const model = new Model();

  const send = async (user: User, body: Record<string, unknown>, key: string) => {
    const res = await postEntry(app, auth[user]!, body, key);
    return { status: res.statusCode, response: res.body };
  };
  const record = (sent: Sent) => {
    model.sent.push(sent);
    if (sent.status === 201 && !model.keys.has(sent.key)) {
      model.keys.add(sent.key);
      model.transactions += 1;
      model.add(JSON.parse(sent.response));
    }
  };

  for (const op of ops) {
    if (op.type === 'post') {
      const body = bodyOf(op.post, f);
      const key = newKey();
      const answer = await send(op.post.user, body, key);
      expect(answer.status, answer.response).toBe(expectedStatus(op.post));
      record({ user: op.post.user, key, body, ...answer });
    } else if (op.type === 'replay' && model.sent.length) {
      const first = model.sent[op.which % model.sent.length]!;
      const again = await send(first.user, first.body, first.key);
      expect(again.status).toBe(first.status);
      if (first.status === 201) expect(JSON.parse(again.response)).toEqual(JSON.parse(first.response));
      if (first.status !== 201) record({ ...first, ...again });
    } else if (op.type === 'mismatch') {
      const stored = model.sent.filter((s) => s.status === 201);
      if (!stored.length) continue;
      const first = stored[op.which % stored.length]!;
      const other = await send(first.user, { ...first.body, quantity: Number(first.body.quantity) + 1 }, first.key);
      expect(other.status).toBe(422);
    } else if (op.type === 'concurrent') {
      const posts = op.duplicate ? op.posts.map(() => op.posts[0]!) : op.posts;
      const sharedKey = newKey();
      const requests = posts.map((p) => ({ p, body: bodyOf(p, f), key: op.duplicate ? sharedKey : newKey() }));
      const answers = await Promise.all(requests.map((r) => send(r.p.user, r.body, r.key)));
      answers.forEach((answer, i) => expect(answer.status, answer.response).toBe(expectedStatus(requests[i]!.p)));
      if (op.duplicate) expect(new Set(answers.map((a) => a.response)).size).toBe(1);
      answers.forEach((answer, i) =>
        record({ user: requests[i]!.p.user, key: requests[i]!.key, body: requests[i]!.body, ...answer }),
      );
    } else if ((op.type === 'edit' || op.type === 'delete') && model.live.length) {
      const target = model.live[op.which % model.live.length]!;
      const forbidden = op.user === 'organizer' && target.venue !== 1;
      const url = `/api/v1/transaction/${target.id}/`;
      const res =
        op.type === 'edit'
          ? await app.inject({ method: 'PATCH', url, headers: auth[op.user], payload: { quantity: op.quantity } })
          : await app.inject({ method: 'DELETE', url, headers: auth[op.user] });
      expect(res.statusCode, res.body).toBe(forbidden ? 403 : op.type === 'edit' ? 200 : 204);
      if (forbidden) continue;
      // an edit that changes nothing (the same quantity) posts nothing and answers the entry.
      if (op.type === 'edit' && res.json().id === target.id) continue;
      model.remove(target);
      model.transactions += op.type === 'edit' ? 2 : 1;
      if (op.type === 'edit') model.add(res.json());
    }
  }
  await checkLedger(model);
}

async function checkLedger(model: Model) {
  const db = server().database.db;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

  const unbalanced = await q(sql`SELECT transaction_id FROM postings GROUP BY 1 HAVING sum(amount_minor) <> 0`);
  expect(unbalanced).toEqual([]);
  const [total] = await q<{ total: string }>(sql`SELECT COALESCE(sum(amount_minor), 0)::text AS total FROM postings`);
  expect(total!.total).toBe('0');

  // Every account against its postings, and its other running totals against the transactions.
  const drift = await q(sql`
    WITH base AS (
      SELECT t.*, COALESCE(o.kind, t.kind) AS base_kind FROM transactions t LEFT JOIN transactions o ON o.id = t.reversal_of_id),
    journal AS (SELECT account_id, sum(amount_minor) AS balance, count(*) AS n FROM postings GROUP BY 1),
    party AS (
      SELECT venue_id, party_type, party_id,
        sum(CASE WHEN base_kind IN ('charge', 'fee', 'sale') THEN gross_minor ELSE 0 END) AS charged,
        sum(CASE WHEN base_kind IN ('charge', 'fee') THEN tax_minor WHEN base_kind = 'credit' THEN -tax_minor ELSE 0 END) AS tax,
        sum(CASE WHEN base_kind = 'payment' THEN gross_minor ELSE 0 END) AS paid
      FROM base GROUP BY 1, 2, 3),
    vat AS (
      SELECT venue_id, tax_rate_bp,
        sum(CASE WHEN base_kind = 'credit' THEN -net_minor ELSE net_minor END) AS charged,
        sum(CASE WHEN base_kind = 'credit' THEN -tax_minor ELSE tax_minor END) AS tax
      FROM base WHERE base_kind IN ('charge', 'credit', 'fee') AND category <> 'prize_money' GROUP BY 1, 2)
    SELECT a.id, a.kind, a.party_type, a.party_id FROM accounts a
      LEFT JOIN journal j ON j.account_id = a.id
      LEFT JOIN party p ON a.kind = 'party' AND (p.venue_id, p.party_type, p.party_id) = (a.venue_id, a.party_type, a.party_id)
      LEFT JOIN vat v ON a.kind = 'tax' AND (v.venue_id, v.tax_rate_bp) = (a.venue_id, a.party_id)
    WHERE a.balance_minor <> COALESCE(j.balance, 0) OR a.posting_count <> COALESCE(j.n, 0)
      OR (a.kind = 'party' AND (a.charged_minor, a.tax_minor, a.paid_minor) <> (COALESCE(p.charged, 0), COALESCE(p.tax, 0), COALESCE(p.paid, 0)))
      OR (a.kind = 'tax' AND (a.charged_minor, a.tax_minor) <> (COALESCE(v.charged, 0), COALESCE(v.tax, 0)))
      OR (a.kind NOT IN ('party', 'tax') AND (a.charged_minor, a.tax_minor, a.paid_minor) <> (0, 0, 0))`);
  expect(drift).toEqual([]);

  // No transaction twice; each party's balance is the sum of what its entries said (wire signs).
  const [counts] = await q<{ transactions: number; keys: number }>(
    sql`SELECT (SELECT count(*) FROM transactions)::int AS transactions, (SELECT count(*) FROM idempotency_keys)::int AS keys`,
  );
  expect(counts).toEqual({ transactions: model.transactions, keys: model.keys.size });
  const parties = await q<{ party: string; balance: string }>(
    sql`SELECT venue_id || '|' || party_type || '|' || party_id AS party, balance_minor::text AS balance FROM accounts WHERE kind = 'party'`,
  );
  const expected = [...model.balances.entries()].map(([party, balance]) => [party, balance]).sort();
  expect(parties.map((p) => [p.party, Number(p.balance)]).sort()).toEqual(expected);

  const check = await server().app.inject({ url: '/api/v1/balance/check/', headers: await server().auth('admin') });
  expect(check.json()).toMatchObject({ ok: true, total: 0 });
}

describe('the ledger under random operations', () => {
  it('stays balanced, consistent and free of doubles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), (ops) => runOps(ops)),
      { numRuns: 15 },
    );
  }, 300_000);
});
