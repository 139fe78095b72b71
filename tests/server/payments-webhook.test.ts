import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { cardPayments, cardRefunds, cardWebhookEvents, transactions } from '../../server/src/db/schema';
import { startStripeDouble } from '../stripe-double/server';
import type { ProviderEvent } from '../stripe-double/state';
import { newKey } from './ledger-fixtures';
import {
  balanceOf,
  CARDS,
  feeOf,
  ledgerOf,
  paymentRow,
  SECRET_KEY,
  usePaymentsServer,
  WEBHOOK_SECRET,
} from './payments-fixtures';

const p = usePaymentsServer();
const { f, db, call, write, charge } = p;

afterEach(() => {
  vi.useRealTimers();
});

const rider = () => ({ type: 'rider', id: f.rider });
const eventCount = async () => (await db().select({ n: count() }).from(cardWebhookEvents))[0]!.n;
const entriesOf = async (ref: string) =>
  (await db().select({ id: transactions.id }).from(transactions).where(eq(transactions.externalRef, ref))).length;

/** A rider's payment confirmed by the browser with a new card; the provider's events kept. */
async function confirmedPayment(amount: number, card: string = CARDS.ok) {
  const created = await write('rider', '/api/v1/payments/', {
    venue: 1,
    party_type: 'rider',
    party_id: f.rider,
    amount,
    currency: 'EUR',
  });
  expect(created.statusCode).toBe(201);
  const intent = created.json<{ id: string; client_secret: string }>();
  const confirmed = await p.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    payment_method: await p.cardMethod(card),
    return_url: 'http://paddock.test/confirmPayment/',
  });
  return { intent, confirmed: confirmed.json };
}

const succeededEvent = (intentId: string): ProviderEvent => {
  const [event] = p.eventsOf(intentId, 'payment_intent.succeeded');
  expect(event).toBeDefined();
  return event!;
};

/** An office charge of the rider's saved card, succeeded at the provider, its events kept. */
async function officeCharge(amount: number) {
  const { card } = await p.saveCard('rider');
  const res = await write('organizer', '/api/v1/venue/1/chargeCard/', {
    party_type: 'rider',
    party_id: f.rider,
    amount,
    currency: 'EUR',
    card: card.id,
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; intent_id: string }>();
}

describe('exactly once', () => {
  it('posts one entry for the same event twenty times at once and once more a minute later', async () => {
    await charge(rider(), 10_000);
    const { intent } = await confirmedPayment(10_000);
    const event = succeededEvent(intent.id);
    const before = await ledgerOf(db());
    const answers = await Promise.all(Array.from({ length: 20 }, () => p.sendEvent(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'posted')).toHaveLength(1);
    expect(await entriesOf(`pi:${intent.id}`)).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 60_000);
    const later = await p.sendEvent(event);
    expect(later.json()).toEqual({ received: true, outcome: 'duplicate' });
    vi.useRealTimers();
    // The same confirmation under twenty other event ids at once: the row lock and the reference guard it.
    const copies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => p.sendEvent({ ...event, id: `${event.id}_copy${i}` })),
    );
    expect(copies.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(copies.filter((a) => a.json().outcome === 'posted')).toEqual([]);

    expect(await entriesOf(`pi:${intent.id}`)).toBe(1);
    const after = await ledgerOf(db());
    expect(after.transactions).toBe(before.transactions + 1);
    expect(after.total).toBe(0);
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(0);
    expect(await eventCount()).toBe(21);
    expect((await call('admin', 'GET', '/api/v1/balance/check/')).json().ok).toBe(true);
  });

  it('refuses a forged, tampered, stale, future or missing signature: 400, nothing stored', async () => {
    await charge(rider(), 5_000);
    const { intent } = await confirmedPayment(5_000);
    const event = succeededEvent(intent.id);
    const payload = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const before = await ledgerOf(db());
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' });
    const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_received: 1 } } });
    const attempts = [
      await p.sendEvent(payload, undefined, forged),
      await p.sendEvent(tampered, undefined, p.stripe().sign(payload)),
      await p.sendEvent(payload, now - 301),
      await p.sendEvent(payload, now + 400),
      await p.sendEvent(payload, undefined, 't=1,v1=00'),
      await p.server().app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook/',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ signature: ['invalid'] });
    }
    expect(await eventCount()).toBe(0);
    expect(await ledgerOf(db())).toEqual(before);
    expect((await paymentRow(db(), intent.id))!.transactionId).toBeNull();
    // Four minutes old is within the provider's tolerance.
    const late = await p.sendEvent(payload, now - 240);
    expect(late.json().outcome).toBe('posted');
  });

  it('the browser returning from 3-D Secure before and after the webhook: the real outcome, one entry', async () => {
    await charge(rider(), 6_000);
    const { intent, confirmed } = await confirmedPayment(6_000, CARDS.threeDsAlways);
    expect(confirmed.status).toBe('requires_action');
    const redirect = (confirmed.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    expect(redirect).toMatch(
      new RegExp(`^https://hooks\\.stripe\\.com/3d_secure_2/authenticate/${intent.id}\\?return_url=`),
    );
    const waiting = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(waiting.json()).toMatchObject({ status: 'requires_action', transaction: null });

    const page = await fetch(`${p.stripe().url}${new URL(redirect).pathname}${new URL(redirect).search}`);
    expect(await page.text()).toContain('>Complete</button>');
    const done = await fetch(
      `${p.stripe().url}/3d_secure_2/authenticate/${intent.id}/complete${new URL(redirect).search}`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location')!);
    expect(back.pathname).toBe('/confirmPayment/');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });

    const before = await ledgerOf(db());
    const beforeWebhook = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(beforeWebhook.json()).toMatchObject({ status: 'succeeded', transaction: null });
    expect(await ledgerOf(db())).toEqual(before);
    await p.forward();
    const afterWebhook = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(afterWebhook.json()).toMatchObject({ status: 'succeeded', transaction: expect.any(Number) });
    await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(await entriesOf(`pi:${intent.id}`)).toBe(1);
    expect((await ledgerOf(db())).transactions).toBe(before.transactions + 1);
  });

  it('a failed 3-D Secure or declined card posts nothing and keeps the provider message', async () => {
    await charge(rider(), 6_000);
    const { intent } = await confirmedPayment(6_000, CARDS.threeDsAlways);
    await fetch(`${p.stripe().url}/3d_secure_2/authenticate/${intent.id}/fail`, { method: 'POST', redirect: 'manual' });
    const before = await ledgerOf(db());
    await p.forward();
    const failed = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(failed.json()).toMatchObject({
      status: 'requires_payment_method',
      transaction: null,
      failure_message: expect.stringContaining('unable to authenticate'),
    });
    const declined = await confirmedPayment(2_000, CARDS.declined);
    expect(declined.confirmed.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    await p.forward();
    expect((await paymentRow(db(), declined.intent.id))!.failureMessage).toBe('Your card was declined.');
    expect(await ledgerOf(db())).toEqual(before);
  });

  it('finds the payment by the intent metadata when the webhook beats the row to the intent id', async () => {
    await charge(rider(), 4_000);
    const payment = await officeCharge(4_000);
    // As if the provider's confirmation came while the charge request was still on its way back.
    await db()
      .update(cardPayments)
      .set({ intentId: 'new:race', status: 'requires_payment_method' })
      .where(eq(cardPayments.id, payment.id));
    const [answer] = await p.forward(['payment_intent.succeeded']);
    expect(answer!.json().outcome).toBe('posted');
    const [row] = await db().select().from(cardPayments).where(eq(cardPayments.id, payment.id));
    expect(row).toMatchObject({ intentId: payment.intent_id, status: 'succeeded', transactionId: expect.any(Number) });
  });

  it('ignores an intent it did not create and events it does not act on', async () => {
    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: p.stripe().port, protocol: 'http' });
    const pm = await p.cardMethod(CARDS.ok);
    await stripe.paymentIntents.create(
      { amount: 1_000, currency: 'eur', payment_method: pm, confirm: true },
      { idempotencyKey: newKey() },
    );
    const answers = await p.forward();
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['ignored', 'ignored']);
    expect((await ledgerOf(db())).transactions).toBe(0);
  });
});

describe('a signed event for a payment Paddock does not know', () => {
  it('is answered 200 ignored (so the provider stops retrying), badly signed it stays refused', async () => {
    await charge(rider(), 2_500);
    const { intent } = await confirmedPayment(2_500);
    const real = succeededEvent(intent.id);
    const object = { ...real.data.object, id: 'pi_unknown_anywhere', metadata: {} };
    const stranger: ProviderEvent = { ...real, id: 'evt_unknown_anywhere', data: { object } };
    const before = await ledgerOf(db());
    const answer = await p.sendEvent(stranger);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await ledgerOf(db())).toEqual(before);
    const forged = await p.sendEvent(stranger, undefined, 't=1,v1=00');
    expect(forged.statusCode).toBe(400);
  });
});

describe('refunds', () => {
  it('posts a partial and then the rest once each, whether the office or the webhook comes first', async () => {
    await charge(rider(), 10_000);
    const payment = await officeCharge(10_000);
    const early = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 100 });
    expect(early.json().fields).toEqual({ __all__: ['not_refundable'] });
    await p.forward();
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(0);

    const key = newKey();
    const partial = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 3_000 }, key);
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ amount: 3_000, status: 'succeeded', transaction: expect.any(Number) });
    const replay = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 3_000 }, key);
    expect(replay.json().id).toBe(partial.json().id);
    expect(p.stripe().state.refunds.size).toBe(1);
    const over = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 7_001 });
    expect(over.json().fields).toEqual({ amount: ['over_refundable'] });
    // The refund's own webhooks arrive afterwards: nothing more.
    await p.forward();
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(-3_000);

    const rest = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, {});
    expect(rest.json()).toMatchObject({ amount: 7_000, status: 'succeeded' });
    await p.forward();
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(-10_000);
    const nothingLeft = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, {});
    expect(nothingLeft.json().fields).toEqual({ amount: ['over_refundable'] });

    const refs = await db().execute(
      sql`SELECT external_ref, kind, source FROM transactions WHERE external_ref LIKE 're:%'`,
    );
    expect((refs as { rows: unknown[] }).rows).toHaveLength(2);
    const listed = await call('organizer', 'GET', '/api/v1/venue/1/cardPayments/');
    expect(listed.json()[0]).toMatchObject({ refunded: 10_000, fee: feeOf(10_000) });
    const ledger = await ledgerOf(db());
    // The provider keeps its fee: the card clearing account is short of exactly that.
    expect(ledger).toMatchObject({ total: 0, card: feeOf(10_000), fees: -feeOf(10_000) });
    expect((await call('admin', 'GET', '/api/v1/balance/check/')).json().ok).toBe(true);
    expect((await write('rider', `/api/v1/cardPayments/${payment.id}/refund/`, {})).statusCode).toBe(403);
  });

  it('a pending refund posts when the provider confirms it; a failed one posts nothing and frees the amount', async () => {
    await charge(rider(), 8_000);
    const payment = await officeCharge(8_000);
    await p.forward();
    p.stripe().state.refundStatus = 'pending';
    const pending = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 2_000 });
    expect(pending.json()).toMatchObject({ status: 'pending', transaction: null });
    const failing = await write('organizer', `/api/v1/cardPayments/${payment.id}/refund/`, { amount: 1_000 });
    await p.forward();
    const before = await ledgerOf(db());
    p.stripe().settleRefund(pending.json().refund_id, 'succeeded');
    p.stripe().settleRefund(failing.json().refund_id, 'failed');
    await p.forward();
    await p.forward();
    const refunds = await db().select().from(cardRefunds).orderBy(cardRefunds.id);
    expect(refunds.map((r) => [r.amountMinor, r.status, r.transactionId !== null])).toEqual([
      [2_000, 'succeeded', true],
      [1_000, 'failed', false],
    ]);
    expect((await ledgerOf(db())).transactions).toBe(before.transactions + 1);
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(-2_000);
    const [row] = await db().select().from(cardPayments).where(eq(cardPayments.id, payment.id));
    expect(row!.refundedMinor).toBe(2_000);
  });

  it('books a refund made at the provider itself', async () => {
    await charge(rider(), 5_000);
    const payment = await officeCharge(5_000);
    await p.forward();
    const stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: p.stripe().port, protocol: 'http' });
    await stripe.refunds.create({ payment_intent: payment.intent_id, amount: 1_500 }, { idempotencyKey: newKey() });
    await p.forward();
    await p.forward();
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(-1_500);
    const [row] = await db().select().from(cardPayments).where(eq(cardPayments.id, payment.id));
    expect(row!.refundedMinor).toBe(1_500);
  });
});

describe('webhooks over HTTP', () => {
  it('the double delivers signed events to the listening server, which posts them', async () => {
    const double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, webhooks: 'auto' });
    const app = await p.server().buildApp({ STRIPE_API_PORT: String(double.port) });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      double.setWebhookUrl(`${address}/api/v1/stripe/webhook/`);
      await charge(rider(), 3_000);
      const auth = await p.server().auth('rider');
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/',
        headers: { ...auth, 'idempotency-key': newKey() },
        payload: { venue: 1, party_type: 'rider', party_id: f.rider, amount: 3_000, currency: 'EUR' },
      });
      const intent = created.json<{ id: string; client_secret: string }>();
      const pm = await fetch(`${double.url}/v1/payment_methods`, {
        method: 'POST',
        headers: { authorization: 'Bearer pk_test_paddock' },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': CARDS.ok,
          'card[exp_month]': '1',
          'card[exp_year]': '2040',
        }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      await fetch(`${double.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: { authorization: 'Bearer pk_test_paddock' },
        body: new URLSearchParams({ client_secret: intent.client_secret, payment_method: pm.id }),
      });
      await double.flush();
      const succeeded = double.state.deliveries.filter((d) => d.type === 'payment_intent.succeeded');
      expect(succeeded.map((d) => d.status)).toEqual([200]);
      expect(await balanceOf(db(), 'rider', f.rider)).toBe(0);
      expect(await entriesOf(`pi:${intent.id}`)).toBe(1);
    } finally {
      await app.close();
      await double.close();
    }
  });
});
