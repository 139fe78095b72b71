import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import type { ProviderEvent } from '../stripe-double/state';
import { seedLedgerFixtures } from './ledger-fixtures';
import { balanceOf, feeOf, ledgerOf, usePaymentsServer } from './payments-fixtures';

const p = usePaymentsServer();

/**
 * Random interleavings of card payments, refunds, the provider's webhooks (late, out of order,
 * repeated, several at once) and the browser asking for outcomes. Whatever the order, once every
 * event has arrived: the ledger balances (Σ postings 0, the balance check clean), the party's
 * balance is charges − payments + refunds, the card clearing and fee accounts hold what the
 * provider does, and every payment and refund is posted exactly once.
 */

type Action =
  | { kind: 'pay'; share: number }
  | { kind: 'charge'; amount: number }
  | { kind: 'refund'; pick: number; share: number | null }
  | { kind: 'deliver'; pick: number; copies: number }
  | { kind: 'settle' }
  | { kind: 'replay'; pick: number }
  | { kind: 'look'; pick: number };

/** A share 0..max/1000 (fast-check's doubles keep to the ends of their range). */
const perMille = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 1000);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), share: perMille(1_200) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('charge' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.option(perMille(1_100), { nil: null }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      pick: fc.nat(),
      copies: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('look' as const), pick: fc.nat() }) },
);

interface Payment {
  id: number;
  intent: string;
  amount: number;
}

describe('card payments under random interleavings', () => {
  it('keep the ledger balanced and post every payment and refund exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 24 }), async (actions) => {
        await p.server().reset();
        p.stripe().reset();
        const f = await seedLedgerFixtures(p.server().database.db);
        const db = p.server().database.db;
        const rider = { type: 'rider', id: f.rider };
        let charged = 20_000;
        await p.charge(rider, charged);
        const { card } = await p.saveCard('rider');
        const payments: Payment[] = [];
        const sent: ProviderEvent[] = [];

        const open = async () => -(await balanceOf(db, 'rider', f.rider));
        for (const a of actions) {
          switch (a.kind) {
            case 'charge':
              await p.charge(rider, a.amount);
              charged += a.amount;
              break;
            case 'pay': {
              const amount = Math.max(1, Math.round((await open()) * a.share));
              const res = await p.write('organizer', '/api/v1/venue/1/chargeCard/', {
                party_type: 'rider',
                party_id: f.rider,
                amount,
                currency: 'EUR',
                card: card.id,
              });
              if (res.statusCode === 201) {
                payments.push({ id: res.json().id, intent: res.json().intent_id, amount });
              } else {
                expect(res.statusCode).toBe(400);
                expect(Object.values(res.json().fields).flat()[0]).toMatch(/over_balance|below_minimum/);
              }
              break;
            }
            case 'refund': {
              if (!payments.length) break;
              const payment = payments[a.pick % payments.length]!;
              const body = a.share === null ? {} : { amount: Math.max(1, Math.round(payment.amount * a.share)) };
              const res = await p.write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, body);
              if (res.statusCode !== 201) {
                expect(res.statusCode).toBe(400);
                expect(Object.values(res.json().fields).flat()[0]).toMatch(/not_refundable|over_refundable/);
              }
              break;
            }
            case 'deliver': {
              const pending = p.stripe().pending();
              if (!pending.length) break;
              const event = pending[a.pick % pending.length]!;
              await p.stripe().deliver(event.id);
              const answers = await Promise.all(Array.from({ length: a.copies }, () => p.sendEvent(event)));
              expect(answers.map((r) => r.statusCode)).toEqual(Array(a.copies).fill(200));
              sent.push(event);
              break;
            }
            case 'settle': {
              // Everything the provider has to say, in the order it happened.
              sent.push(...p.stripe().pending());
              const answers = await p.forward();
              expect(answers.every((r) => r.statusCode === 200)).toBe(true);
              break;
            }
            case 'replay': {
              if (!sent.length) break;
              const res = await p.sendEvent(sent[a.pick % sent.length]!);
              expect(res.statusCode).toBe(200);
              expect(['duplicate', 'ignored']).toContain(res.json().outcome);
              break;
            }
            case 'look': {
              if (!payments.length) break;
              const payment = payments[a.pick % payments.length]!;
              const res = await p.call('rider', 'GET', `/api/v1/payments/${payment.intent}/`);
              expect(res.statusCode).toBe(200);
              expect(res.json().status).toBe('succeeded');
              break;
            }
          }
          // At every step: balanced, and nothing posted twice.
          const ledger = await ledgerOf(db);
          expect(ledger.total).toBe(0);
        }

        // The provider's remaining news arrives (in the order kept), then everything is settled.
        for (let round = 0; round < 3 && p.stripe().pending().length; round++) await p.forward();
        const refunds = rowsOf<{ amount: string; transaction: string | null; status: string }>(
          await db.execute(
            sql`SELECT amount_minor::text AS amount, transaction_id::text AS transaction, status FROM card_refunds`,
          ),
        );
        const paid = payments.reduce((sum, x) => sum + x.amount, 0);
        const refunded = refunds.reduce((sum, r) => sum + Number(r.amount), 0);
        const fees = payments.reduce((sum, x) => sum + feeOf(x.amount), 0);
        expect(refunds.every((r) => r.status === 'succeeded' && r.transaction !== null)).toBe(true);
        expect(await balanceOf(db, 'rider', f.rider)).toBe(paid - refunded - charged);
        const ledger = await ledgerOf(db);
        expect(ledger).toMatchObject({
          total: 0,
          card: refunded - (paid - fees),
          fees: 0 - fees,
          refs: payments.length + refunds.length,
          transactions: 1 + actions.filter((a) => a.kind === 'charge').length + payments.length + refunds.length,
        });
        const posted = rowsOf<{ n: number }>(
          await db.execute(sql`SELECT count(*)::int AS n FROM card_payments WHERE transaction_id IS NOT NULL
            AND refunded_minor <= amount_minor AND status = 'succeeded'`),
        );
        expect(posted[0]!.n).toBe(payments.length);
        const check = await p.call('admin', 'GET', '/api/v1/balance/check/');
        expect(check.json()).toMatchObject({ ok: true, unbalanced_transactions: [], mismatched_accounts: [] });
      }),
      { numRuns: 30 },
    );
  }, 600_000);
});
