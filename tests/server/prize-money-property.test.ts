import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Ranking } from '../../src/shared/schemas/results';
import { rowsOf } from '../../server/src/db/rows';
import { useSeededServer } from './helpers/use-server';
import { balances } from './payouts-fixtures';
import { addCompetition, enter, ledgerPrizes, seedResultsFixtures } from './results-fixtures';

const { server, f, db, call } = useSeededServer(seedResultsFixtures);

const STARTERS = 6;

/** One step: a starter's result set (few faults and times, so ties happen), cleared, or a payment. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('result' as const),
    starter: fc.integer({ min: 0, max: STARTERS - 1 }),
    status: fc.constantFrom('R', 'R', 'R', 'EL', 'RT'),
    faults: fc.constantFrom(0, 0, 4, 8),
    timeMs: fc.constantFrom(60_000, 60_500, 61_000),
  }),
  fc.record({ kind: fc.constant('clear' as const), starter: fc.integer({ min: 0, max: STARTERS - 1 }) }),
  fc.constant({ kind: 'pay' as const }),
);

describe('prize money property', () => {
  it('after random result edits and re-payments, each entry’s prize credits equal the latest ranking’s amounts', async () => {
    const auth = await server().auth('organizer');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.constantFrom([50_000, 30_000, 20_000], [10_001, 5_000, 3_333, 1_000]),
        async (steps, chart) => {
          run++;
          const c = await addCompetition(db(), f.vec, { rule: 'table_a', chart, number: `P${run}`, published: true });
          const ids = await enter(db(), c, f.starters.slice(0, STARTERS));
          const payNow = async () => {
            const res = await server().app.inject({
              method: 'POST',
              url: `/api/v1/competition/${c}/payPrizeMoney/`,
              headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
            });
            expect(res.statusCode, res.body).toBe(200);
          };
          for (const s of [...steps, { kind: 'pay' as const }]) {
            if (s.kind === 'result') {
              const body =
                s.status === 'R'
                  ? { status: 'R', round: { faults: s.faults, time_faults: 0, time_ms: s.timeMs } }
                  : { status: s.status };
              const res = await server().app.inject({
                method: 'PUT',
                url: `/api/v1/competitionEntry/${ids[s.starter]}/result/`,
                headers: auth,
                payload: body,
              });
              expect(res.statusCode, res.body).toBe(200);
            } else if (s.kind === 'clear') {
              const res = await server().app.inject({
                method: 'DELETE',
                url: `/api/v1/competitionEntry/${ids[s.starter]}/result/`,
                headers: auth,
              });
              expect(res.statusCode).toBe(200);
            } else await payNow();
          }
          // The last step paid: the ledger holds exactly the latest ranking's amounts per entry.
          const ranking = (await call('organizer', 'GET', `/api/v1/competition/${c}/ranking/`)).json<Ranking>();
          const ledger = await ledgerPrizes(db(), c);
          for (const row of ranking.rows) {
            expect(ledger.get(row.entry) ?? 0).toBe(row.prize);
            expect(row.paid).toBe(row.prize);
          }
          expect(ranking.to_pay).toBe(0);
          // Ties share the places they cover: the whole chart down to the last placed starter is paid.
          const placed = ranking.rows.filter((r) => r.rank !== null).length;
          expect(ranking.prize_total).toBe(chart.slice(0, placed).reduce((a, b) => a + b, 0));
          // Paying again posts nothing.
          const before = await balances(db());
          await payNow();
          expect(await balances(db())).toEqual(before);
        },
      ),
      { numRuns: 12 },
    );
    // Every party's account holds exactly its prize postings; the prize account their negation.
    const accounts = await balances(db());
    const postings = rowsOf<{ key: string; amount: string }>(
      await db().execute(sql`SELECT 'party:' || party_type || ':' || party_id AS key, sum(amount_minor)::text AS amount
        FROM prize_postings GROUP BY 1`),
    );
    let total = 0;
    for (const p of postings) {
      expect(accounts.get(p.key) ?? 0).toBe(Number(p.amount));
      total += Number(p.amount);
    }
    expect(accounts.get('prize::0') ?? 0).toBe(-total);
  }, 180_000);
});
