import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../server/src/db/schema';
import { reconcileUnderWay } from '../../server/src/modules/payments/reconcile';
import { createSettlement } from '../../server/src/modules/payments/settlement';
import { createProvider } from '../../server/src/modules/payments/stripe-client';
import { balanceOf, CARDS, paymentRow, usePaymentsServer } from './payments-fixtures';

/*
 * Card payments whose webhook never came: the provider's double keeps every event (nothing is
 * delivered unless a test forwards it), so a payment confirmed at the provider stays under way
 * in Paddock until the reconciliation asks the provider about it.
 */
const p = usePaymentsServer();
const { f, db, write } = p;

const log = { info() {}, error() {}, warn() {} } as never;
const reconcile = (afterMs = 0) => {
  const stripe = createProvider(p.server().config)!;
  return reconcileUnderWay({ log }, { db: db() }, stripe, createSettlement({ db: db() }), afterMs);
};
const entriesOf = async (ref: string) =>
  (await db().select({ id: transactions.id }).from(transactions).where(eq(transactions.externalRef, ref))).length;

/** A rider's payment of `amount`, confirmed with `card` at the provider; no webhook delivered. */
async function paidAtProvider(amount: number, card: string) {
  const created = await write('rider', '/api/v1/payments/', {
    venue: 1,
    party_type: 'rider',
    party_id: f.rider,
    amount,
    currency: 'EUR',
  });
  expect(created.statusCode, created.body).toBe(201);
  const intent = created.json<{ id: string; client_secret: string }>();
  await p.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    payment_method: await p.cardMethod(card),
    return_url: 'http://paddock.test/confirmPayment/',
  });
  return intent.id;
}

describe('payments under way whose webhook never came', () => {
  it('are posted once when the provider says they succeeded; the late webhook changes nothing', async () => {
    await p.charge({ type: 'rider', id: f.rider }, 5000);
    const before = await balanceOf(db(), 'rider', f.rider);
    const intentId = await paidAtProvider(3000, CARDS.ok);
    expect((await paymentRow(db(), intentId))?.transactionId ?? null).toBeNull();

    // Asked too early (under way for less than the wait): left alone.
    expect((await reconcile(60 * 60_000)).asked).toBe(0);
    expect(await entriesOf(`pi:${intentId}`)).toBe(0);

    const first = await reconcile();
    expect(first).toMatchObject({ asked: 1, outcomes: { posted: 1 } });
    expect(await entriesOf(`pi:${intentId}`)).toBe(1);
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(before + 3000);
    const row = await paymentRow(db(), intentId);
    expect(row?.status).toBe('succeeded');
    expect(row?.transactionId).not.toBeNull();

    // Asked again, and the webhook arriving after all: still one entry.
    expect((await reconcile()).asked).toBe(0);
    const [webhook] = p.eventsOf(intentId, 'payment_intent.succeeded');
    const late = await p.sendEvent(webhook!);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await entriesOf(`pi:${intentId}`)).toBe(1);
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(before + 3000);
    expect((await p.call('admin', 'GET', '/api/v1/balance/check/')).json().ok).toBe(true);
  });

  it('a declined payment is not posted, and one still waiting for the payer is left to wait', async () => {
    await p.charge({ type: 'rider', id: f.rider }, 5000);
    const before = await balanceOf(db(), 'rider', f.rider);
    const declined = await paidAtProvider(1000, CARDS.declined);
    const waiting = (
      await write('rider', '/api/v1/payments/', {
        venue: 1,
        party_type: 'rider',
        party_id: f.rider,
        amount: 500,
        currency: 'EUR',
      })
    ).json<{ id: string }>().id;

    const result = await reconcile();
    expect(result.asked).toBe(2);
    expect(result.outcomes.posted).toBeUndefined();
    expect(await entriesOf(`pi:${declined}`)).toBe(0);
    expect(await entriesOf(`pi:${waiting}`)).toBe(0);
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(before);
    // Both were asked about now: the next round waits its turn for them.
    expect((await reconcile(60_000)).asked).toBe(0);
  });
});
