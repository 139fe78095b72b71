import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';
import { cardCustomers, cardPayments, savedCards } from '../../server/src/db/schema';
import { newKey } from './ledger-fixtures';
import { balanceOf, CARDS, feeOf, ledgerOf, paymentRow, usePaymentsServer } from './payments-fixtures';

const p = usePaymentsServer();
const { f, db, call, write, charge } = p;

const rider = () => ({ type: 'rider', id: f.rider });
const payBody = (amount: number, extra: Record<string, unknown> = {}) => ({
  venue: 1,
  party_type: 'rider',
  party_id: f.rider,
  amount,
  currency: 'EUR',
  ...extra,
});
const cardPaymentCount = async () => (await db().select({ n: count() }).from(cardPayments))[0]!.n;

describe('configuration', () => {
  it('without the keys: 409 cards_not_configured, no publishable key, and the statement still works', async () => {
    const bare = await p.server().buildApp({
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
    });
    const inject = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      bare.inject({
        method,
        url,
        payload,
        headers: { ...(await p.server().auth('rider')), 'idempotency-key': newKey() },
      });
    expect((await bare.inject({ url: '/api/v1/config/' })).json().stripe_publishable_key).toBeNull();
    const userId = await p.userIdOf('rider');
    await charge(rider(), 5000);
    for (const [method, url, body] of [
      ['POST', `/api/v1/user/${userId}/create_stripe_setup_intent/`],
      ['GET', `/api/v1/user/${userId}/cards/`],
      ['GET', `/api/v1/payments/payable/?party_type=rider&party_id=${f.rider}`],
      ['POST', '/api/v1/payments/', payBody(1000)],
    ] as const) {
      const res = await inject(method, url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toBe('cards_not_configured');
    }
    const webhook = await bare.inject({ method: 'POST', url: '/api/v1/stripe/webhook/', payload: '{}' });
    expect(webhook.statusCode).toBe(409);
    const statement = await inject('GET', `/api/v1/rider/${f.rider}/selfCheckout/1/`);
    expect(statement.statusCode).toBe(200);
    expect(statement.json()).toMatchObject({ open: 5000, can_pay: true });
    expect(await cardPaymentCount()).toBe(0);
    expect((await p.server().app.inject({ url: '/api/v1/config/' })).json().stripe_publishable_key).toBe(
      'pk_test_paddock',
    );
  });

  it('refuses mixed key modes anywhere, and test keys, partial sets and the double in production', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), QR_SECRET: 'y'.repeat(40) };
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_a',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_b',
      STRIPE_WEBHOOK_SECRET: 'whsec_c',
    };
    expect(() => loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_test_b' })).toThrow(ConfigError);
    expect(
      loadConfig({ ...keys, STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_b' }).stripe,
    ).not.toBeNull();
    const prod = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...base, ...env });
    expect(prod(keys).stripe).toMatchObject({ secretKey: 'sk_live_a', api: null });
    expect(prod(keys).stripePublishableKey).toBe('pk_live_b');
    expect(prod({}).stripe).toBeNull();
    expect(() => prod({ ...keys, STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_b' })).toThrow(
      /test-mode/,
    );
    expect(() => prod({ STRIPE_SECRET_KEY: 'sk_live_a' })).toThrow(/all three/);
    expect(() => prod({ ...keys, STRIPE_API_HOST: '127.0.0.1' })).toThrow(/tests only/);
    // A key whose mode cannot be told (a restricted key of another shape) is not refused.
    expect(prod({ ...keys, STRIPE_SECRET_KEY: 'rk_a' }).stripe?.secretKey).toBe('rk_a');
  });
});

describe('saved cards', () => {
  it('saves a card from a succeeded setup, lists it, removes it (detached at the provider)', async () => {
    const { userId, card } = await p.saveCard('rider');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
    const again = await call('rider', 'GET', `/api/v1/user/${userId}/cards/`);
    expect(again.json()).toEqual([expect.objectContaining({ id: card.id, last4: '4242', exp_month: 12 })]);
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(p.stripe().state.paymentMethods.get(row!.paymentMethodId)?.customer).toMatch(/^cus_/);

    const removed = await call('rider', 'DELETE', `/api/v1/user/${userId}/cards/${card.id}/`);
    expect(removed.statusCode).toBe(204);
    expect(p.stripe().state.paymentMethods.get(row!.paymentMethodId)?.customer).toBeNull();
    expect((await call('rider', 'GET', `/api/v1/user/${userId}/cards/`)).json()).toEqual([]);
    const [kept] = await db().select().from(savedCards).where(eq(savedCards.id, card.id));
    expect(kept!.removedAt).toBeInstanceOf(Date);
    expect((await call('rider', 'DELETE', `/api/v1/user/${userId}/cards/${card.id}/`)).statusCode).toBe(404);
  });

  it('makes one provider customer per user, however many first calls come at once', async () => {
    const userId = await p.userIdOf('employer');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('employer', 'POST', `/api/v1/user/${userId}/create_stripe_setup_intent/`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(8);
    expect(p.stripe().state.customers.size).toBe(1);
    const [row] = await db().select().from(cardCustomers).where(eq(cardCustomers.userId, userId));
    expect(p.stripe().state.customers.has(row!.customerId)).toBe(true);
    const customers = new Set([...p.stripe().state.setupIntents.values()].map((si) => si.customer));
    expect([...customers]).toEqual([row!.customerId]);
  });

  it("refuses a setup that has not succeeded, another user's setup, and other users' cards", async () => {
    const riderId = await p.userIdOf('rider');
    const setup = (await call('rider', 'POST', `/api/v1/user/${riderId}/create_stripe_setup_intent/`)).json();
    const early = await call('rider', 'POST', `/api/v1/user/${riderId}/stripe/`, { token: setup.id });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ token: ['setup_not_complete'] });

    const { userId: employerId, card } = await p.saveCard('employer');
    const employerSetups = [...p.stripe().state.setupIntents.values()].filter((si) => si.status === 'succeeded');
    const foreign = await call('rider', 'POST', `/api/v1/user/${riderId}/stripe/`, { token: employerSetups[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ token: ['does_not_exist'] });
    const foreignMethod = await call('rider', 'POST', `/api/v1/user/${riderId}/stripe/`, {
      token: employerSetups[0]!.payment_method,
    });
    expect(foreignMethod.json().fields).toEqual({ token: ['does_not_exist'] });
    const bogus = await call('rider', 'POST', `/api/v1/user/${riderId}/stripe/`, { token: 'seti_doesnotexist' });
    expect(bogus.json().fields).toEqual({ token: ['does_not_exist'] });

    expect((await call('rider', 'GET', `/api/v1/user/${employerId}/cards/`)).statusCode).toBe(404);
    expect((await call('rider', 'DELETE', `/api/v1/user/${employerId}/cards/${card.id}/`)).statusCode).toBe(404);
    expect((await call('rider', 'POST', `/api/v1/user/${employerId}/create_stripe_setup_intent/`)).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'GET', `/api/v1/user/${employerId}/cards/`)).json()).toHaveLength(1);
    expect(await db().select().from(savedCards)).toHaveLength(1);
  });

  it('shows the provider message when the card is declined on setup', async () => {
    const userId = await p.userIdOf('rider');
    const intent = (await call('rider', 'POST', `/api/v1/user/${userId}/create_stripe_setup_intent/`)).json();
    const res = await p.browser('POST', `/v1/setup_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method: await p.cardMethod(CARDS.declined),
    });
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ type: 'card_error', message: 'Your card was declined.' });
    const saved = await call('rider', 'POST', `/api/v1/user/${userId}/stripe/`, { token: intent.id });
    expect(saved.json().fields).toEqual({ token: ['setup_not_complete'] });
  });
});

describe('paying a balance', () => {
  it('lists what a party owes, creates an intent, and posts nothing until the provider confirms', async () => {
    await charge(rider(), 15_000);
    const payable = await call('rider', 'GET', `/api/v1/payments/payable/?party_type=rider&party_id=${f.rider}`);
    expect(payable.json()).toEqual([
      expect.objectContaining({ venue: 1, currency: 'EUR', open: 15_000, pending: 0, minimum: 50 }),
    ]);
    const before = await ledgerOf(db());
    const key = newKey();
    const created = await write('rider', '/api/v1/payments/', payBody(10_000), key);
    expect(created.statusCode).toBe(201);
    const intent = created.json();
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount: 10_000, currency: 'EUR' });
    const provider = p.stripe().state.paymentIntents.get(intent.id)!;
    expect(provider.metadata).toMatchObject({ venue: '1', party_type: 'rider', party_id: String(f.rider) });

    const confirmed = await p.browser('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method: await p.cardMethod(CARDS.ok),
    });
    expect(confirmed.json.status).toBe('succeeded');
    // The page sends its request again (its key): the same intent, as it is now.
    const again = await write('rider', '/api/v1/payments/', payBody(10_000), key);
    expect(again.json()).toMatchObject({ id: intent.id, status: 'succeeded' });
    // The browser comes back before the webhook: the real outcome, nothing posted.
    const early = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(early.json()).toMatchObject({ status: 'succeeded', transaction: null, amount: 10_000 });
    expect(await ledgerOf(db())).toEqual(before);
    const pending = await call('rider', 'GET', `/api/v1/payments/payable/?party_type=rider&party_id=${f.rider}`);
    expect(pending.json()[0]).toMatchObject({ open: 15_000, pending: 10_000 });
    const over = await write('rider', '/api/v1/payments/', payBody(5_001));
    expect(over.json().fields).toEqual({ amount: ['over_balance'] });

    const [answer] = await p.forward(['payment_intent.succeeded']);
    expect(answer!.json()).toEqual({ received: true, outcome: 'posted' });
    const after = await call('rider', 'GET', `/api/v1/payments/${intent.id}/`);
    expect(after.json()).toMatchObject({ status: 'succeeded', fee: feeOf(10_000) });
    expect(after.json().transaction).toEqual(expect.any(Number));
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(-5_000);
    const ledger = await ledgerOf(db());
    expect(ledger).toMatchObject({ transactions: before.transactions + 1, total: 0, refs: 1 });
    expect(ledger.card).toBe(-(10_000 - feeOf(10_000)));
    expect(ledger.fees).toBe(-feeOf(10_000));
    const check = await call('admin', 'GET', '/api/v1/balance/check/');
    expect(check.json().ok).toBe(true);
  });

  it('pays with a saved card, and answers a repeated request with the same intent', async () => {
    await charge(rider(), 8_000);
    const { card } = await p.saveCard('rider');
    const key = newKey();
    const first = await write('rider', '/api/v1/payments/', payBody(8_000, { card: card.id, origin: 'checkout' }), key);
    const again = await write('rider', '/api/v1/payments/', payBody(8_000, { card: card.id, origin: 'checkout' }), key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'requires_confirmation' });
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(p.stripe().state.paymentIntents.size).toBe(1);
    const other = await write('rider', '/api/v1/payments/', payBody(7_000, { card: card.id }), key);
    expect(other.statusCode).toBe(422);

    const confirm = await p.browser('POST', `/v1/payment_intents/${first.json().id}/confirm`, {
      client_secret: first.json().client_secret,
    });
    expect(confirm.json.status).toBe('succeeded');
    await p.forward();
    const row = await paymentRow(db(), first.json().id);
    expect(row).toMatchObject({ origin: 'checkout', status: 'succeeded', feeMinor: feeOf(8_000) });
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(0);
    const listed = await call('organizer', 'GET', `/api/v1/venue/1/cardPayments/?party_type=rider&party_id=${f.rider}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        intent_id: first.json().id,
        card: { brand: 'visa', last4: '4242' },
        party_name: 'Rosa Rider',
      }),
    ]);
  });

  it('refuses an amount over the balance or below the minimum, another currency, party or card: nothing changes', async () => {
    await charge(rider(), 3_000);
    const { card: employerCard } = await p.saveCard('employer');
    const before = {
      ledger: await ledgerOf(db()),
      payments: await cardPaymentCount(),
      intents: p.stripe().state.paymentIntents.size,
    };
    const cases: [string, Record<string, unknown>, unknown][] = [
      ['rider', payBody(3_001), { amount: ['over_balance'] }],
      ['rider', payBody(49), { amount: ['below_minimum'] }],
      ['rider', payBody(1_000, { currency: 'CHF' }), { currency: ['wrong_currency'] }],
      ['rider', payBody(1_000, { card: employerCard.id }), { card: ['does_not_exist'] }],
      ['simpleuser', payBody(1_000), { party_id: ['does_not_exist'] }],
      ['rider', payBody(1_000, { party_type: 'employer', party_id: f.employer }), { party_id: ['does_not_exist'] }],
      ['rider', payBody(1_000, { venue: 999 }), { venue: ['does_not_exist'] }],
      ['rider', payBody(1_000, { amount: -5 }), { amount: ['invalid'] }],
    ];
    for (const [user, body, fields] of cases) {
      const res = await write(user, '/api/v1/payments/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    // Another venue, in its currency but with nothing owed there.
    const elsewhere = await write('rider', '/api/v1/payments/', payBody(1_000, { venue: f.venue2, currency: 'CHF' }));
    expect(elsewhere.json().fields).toEqual({ amount: ['over_balance'] });
    const keyless = await call('rider', 'POST', '/api/v1/payments/', payBody(1_000));
    expect(keyless.json().error).toBe('idempotency_key_required');
    expect(await ledgerOf(db())).toEqual(before.ledger);
    expect(await cardPaymentCount()).toBe(before.payments);
    expect(p.stripe().state.paymentIntents.size).toBe(before.intents);
  });

  it('lets an employer pay its own account and an admin any party; payable is 404 for others', async () => {
    await charge({ type: 'employer', id: f.employer }, 2_000);
    const own = await write(
      'employer',
      '/api/v1/payments/',
      payBody(2_000, { party_type: 'employer', party_id: f.employer }),
    );
    expect(own.statusCode).toBe(201);
    await charge(rider(), 1_000);
    expect((await write('admin', '/api/v1/payments/', payBody(1_000))).statusCode).toBe(201);
    const theirs = await call('employer', 'GET', `/api/v1/payments/payable/?party_type=rider&party_id=${f.rider}`);
    expect(theirs.statusCode).toBe(404);
    // The payment's page is the payer's, the party's and the office's, nobody else's.
    expect((await call('employer', 'GET', `/api/v1/payments/${own.json().id}/`)).statusCode).toBe(200);
    expect((await call('organizer', 'GET', `/api/v1/payments/${own.json().id}/`)).statusCode).toBe(200);
    expect((await call('rider', 'GET', `/api/v1/payments/${own.json().id}/`)).statusCode).toBe(404);
    expect((await call('rider', 'GET', '/api/v1/payments/pi_unknown123/')).statusCode).toBe(404);
  });
});

describe('the office charges a saved card', () => {
  it('charges off-session; the webhook posts it once', async () => {
    await charge(rider(), 12_000);
    const { card } = await p.saveCard('rider');
    const body = { party_type: 'rider', party_id: f.rider, amount: 12_000, currency: 'EUR', card: card.id };
    const key = newKey();
    const res = await write('organizer', '/api/v1/venue/1/chargeCard/', body, key);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      origin: 'office',
      status: 'succeeded',
      transaction: null,
      card: { last4: '4242' },
    });
    const replay = await write('organizer', '/api/v1/venue/1/chargeCard/', body, key);
    expect(replay.json().id).toBe(res.json().id);
    expect(p.stripe().state.paymentIntents.size).toBe(1);
    await p.forward();
    expect(await balanceOf(db(), 'rider', f.rider)).toBe(0);
    const listed = await call('organizer', 'GET', '/api/v1/venue/1/cardPayments/');
    expect(listed.json()[0]).toMatchObject({
      status: 'succeeded',
      fee: feeOf(12_000),
      transaction: expect.any(Number),
    });
    // Another venue's office may not, a rider may not charge at all.
    expect((await write('organizer', `/api/v1/venue/${f.venue2}/chargeCard/`, body)).statusCode).toBe(403);
    expect((await write('rider', '/api/v1/venue/1/chargeCard/', body)).statusCode).toBe(403);
    expect((await write('organizer', '/api/v1/venue/999/chargeCard/', body)).statusCode).toBe(404);
  });

  it.each([
    [CARDS.declinedLater, 'Your card was declined.', 'generic_decline'],
    [CARDS.insufficient, 'Your card has insufficient funds.', 'insufficient_funds'],
  ])('a declined card (%s) answers 402 with the provider message and posts nothing', async (number, message, code) => {
    await charge(rider(), 5_000);
    const { card } = await p.saveCard('rider', number);
    const before = await ledgerOf(db());
    const key = newKey();
    const body = { party_type: 'rider', party_id: f.rider, amount: 5_000, currency: 'EUR', card: card.id };
    const res = await write('organizer', '/api/v1/venue/1/chargeCard/', body, key);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'card_declined', params: { message, decline_code: code } });
    const again = await write('organizer', '/api/v1/venue/1/chargeCard/', body, key);
    expect(again.statusCode).toBe(402);
    expect(again.json().params.message).toBe(message);
    expect(await p.forward()).toEqual(expect.any(Array));
    expect(await ledgerOf(db())).toEqual(before);
    const [row] = await db().select().from(cardPayments);
    expect(row).toMatchObject({ status: 'failed', failureMessage: message, transactionId: null });
    expect(p.stripe().state.paymentIntents.get(row!.intentId)?.status).toBe('canceled');
    // Not pending: the whole balance can still be paid.
    const payable = await call('rider', 'GET', `/api/v1/payments/payable/?party_type=rider&party_id=${f.rider}`);
    expect(payable.json()[0]).toMatchObject({ open: 5_000, pending: 0 });
  });

  it('a card that always asks for 3-D Secure is declined off-session; a card set up with it is charged', async () => {
    await charge(rider(), 4_000);
    const always = await p.saveCard('rider', CARDS.threeDsAlways);
    const body = { party_type: 'rider', party_id: f.rider, amount: 2_000, currency: 'EUR' };
    const refused = await write('organizer', '/api/v1/venue/1/chargeCard/', { ...body, card: always.card.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().params.decline_code).toBe('authentication_required');
    const setUp = await p.saveCard('rider', CARDS.threeDsSetup);
    const charged = await write('organizer', '/api/v1/venue/1/chargeCard/', { ...body, card: setUp.card.id });
    expect(charged.json().status).toBe('succeeded');
  });

  it("refuses another party's card and a party that does not exist", async () => {
    await charge(rider(), 4_000);
    const { card } = await p.saveCard('employer');
    const body = { party_type: 'rider', party_id: f.rider, amount: 2_000, currency: 'EUR', card: card.id };
    expect((await write('organizer', '/api/v1/venue/1/chargeCard/', body)).json().fields).toEqual({
      card: ['does_not_exist'],
    });
    expect(
      (await write('organizer', '/api/v1/venue/1/chargeCard/', { ...body, party_id: 99_999 })).json().fields,
    ).toEqual({ party_id: ['does_not_exist'] });
    const cards = await call(
      'organizer',
      'GET',
      `/api/v1/venue/1/partyCards/?party_type=employer&party_id=${f.employer}`,
    );
    expect(cards.json()).toEqual([expect.objectContaining({ id: card.id })]);
    expect(p.stripe().state.paymentIntents.size).toBe(0);
  });
});

describe('self-checkout', () => {
  it("shows the rider's statement and what is left; an employed rider's employer pays", async () => {
    await charge(rider(), 7_000);
    const res = await call('rider', 'GET', `/api/v1/rider/${f.rider}/selfCheckout/1/`);
    expect(res.json()).toMatchObject({
      venue: 1,
      currency: 'EUR',
      payer: { party_type: 'rider', party_id: f.rider, name: 'Rosa Rider' },
      charged: 7_000,
      paid: 0,
      open: 7_000,
      can_pay: true,
      lines: [expect.objectContaining({ kind: 'charge', amount: -7_000 })],
    });
    await write('organizer', '/api/v1/transaction/', {
      venue: 1,
      kind: 'charge',
      party_type: 'rider',
      party_id: f.employedRider,
      description: 'Box',
      unit_price: 3_000,
    });
    const employed = await call(f.employedRiderUser, 'GET', `/api/v1/rider/${f.employedRider}/selfCheckout/1/`);
    expect(employed.json()).toMatchObject({
      payer: { party_type: 'employer', party_id: f.employer },
      open: 3_000,
      can_pay: false,
      lines: [expect.objectContaining({ amount: -3_000 })],
    });
    const byEmployer = await call('employer', 'GET', `/api/v1/rider/${f.employedRider}/selfCheckout/1/`);
    expect(byEmployer.json().can_pay).toBe(true);
    expect((await call('simpleuser', 'GET', `/api/v1/rider/${f.rider}/selfCheckout/1/`)).statusCode).toBe(403);
    expect((await call('employer', 'GET', `/api/v1/rider/${f.rider}/selfCheckout/1/`)).statusCode).toBe(404);
  });

  it('is refused where the venue does not offer it; createPayment stays open', async () => {
    await charge(rider(), 6_000);
    await db().execute(sql`UPDATE venues SET self_checkout = false WHERE id = 1`);
    const before = await ledgerOf(db());
    const refused = await write('rider', '/api/v1/payments/', payBody(6_000, { origin: 'checkout' }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { origin: ['self_checkout_off'] } });
    expect(await ledgerOf(db())).toEqual(before);
    const open = await write('rider', '/api/v1/payments/', payBody(6_000));
    expect(open.statusCode, open.body).toBe(201);
  });
});

describe('the provider calls', () => {
  it('carry an idempotency key of their own on every write', async () => {
    await charge(rider(), 9_000);
    const { card } = await p.saveCard('rider');
    await write('rider', '/api/v1/payments/', payBody(1_000));
    const paid = await write('organizer', '/api/v1/venue/1/chargeCard/', {
      party_type: 'rider',
      party_id: f.rider,
      amount: 2_000,
      currency: 'EUR',
      card: card.id,
    });
    await p.forward();
    await write('organizer', `/api/v1/cardPayments/${paid.json().id}/refund/`, { amount: 500 });
    const userId = await p.userIdOf('rider');
    await call('rider', 'DELETE', `/api/v1/user/${userId}/cards/${card.id}/`);
    const writes = p.stripe().state.requests.filter((r) => r.method === 'POST' && r.auth === 'secret');
    expect(writes.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/v1/customers', '/v1/setup_intents', '/v1/payment_intents', '/v1/refunds']),
    );
    expect(writes.filter((r) => !r.idempotencyKey?.startsWith('paddock-'))).toEqual([]);
  });
});

describe('a party pays only at a show it takes part in', () => {
  it('refuses a card payment at a venue the party no longer takes part in, creating nothing', async () => {
    await charge(rider(), 5000);
    // Enrolment withdrawn after the charge: the account is still there, the rider is not.
    await db().execute(sql`DELETE FROM venue_participations WHERE venue_id = 1 AND rider_id = ${f.rider}`);
    const refused = await write('rider', '/api/v1/payments/', payBody(1000));
    expect([refused.statusCode, refused.json().fields]).toEqual([400, { venue: ['not_at_venue'] }]);
    expect(await cardPaymentCount()).toBe(0);
  });
});
