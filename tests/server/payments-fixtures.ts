import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { rowsOf } from '../../server/src/db/rows';
import { cardPayments, users } from '../../server/src/db/schema';
import type { Db } from '../../server/src/db/client';
import { startStripeDouble, type StripeDouble } from '../stripe-double/server';
import type { ProviderEvent } from '../stripe-double/state';
import { useSeededServer } from './helpers/use-server';
import { newKey, seedLedgerFixtures, type LedgerFixtures } from './ledger-fixtures';

/**
 * Card payments against the provider's test double (tests/stripe-double): the server's SDK talks
 * to it over HTTP (STRIPE_API_HOST/PORT/PROTOCOL), the "browser" calls it with the publishable
 * key as Stripe.js does, and its webhooks are kept (manual mode) until a test forwards them,
 * signed by the double, to /api/v1/stripe/webhook/ — so a test decides when the provider's
 * confirmation arrives, how often, and what else happens first.
 */

export const WEBHOOK_SECRET = 'whsec_paddock_test_secret';
export const PUBLISHABLE_KEY = 'pk_test_paddock';
export const SECRET_KEY = 'sk_test_paddock';

export const CARDS = {
  ok: '4242424242424242',
  threeDsAlways: '4000002760003184',
  threeDsSetup: '4000002500003155',
  declined: '4000000000000002',
  /** Saved without trouble, declined when charged. */
  declinedLater: '4000000000000341',
  insufficient: '4000000000009995',
} as const;

type Method = 'GET' | 'POST' | 'DELETE';

/** The provider's fee in the double: 1.5 % rounded, plus 25. */
export const feeOf = (amount: number) => Math.floor((amount * 15 + 500) / 1000) + 25;

export function usePaymentsServer(options: { webhooks?: 'auto' | 'manual' } = {}) {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PROTOCOL: 'http',
    // PAYMENTS_DEBUG=1 shows the server's errors (tests run silent).
    ...(process.env.PAYMENTS_DEBUG ? { LOG_LEVEL: 'error' } : {}),
  };
  let double: StripeDouble | undefined;
  // Registered before the server's own beforeAll: the server is built with the double's port.
  beforeAll(async () => {
    double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, webhooks: options.webhooks ?? 'manual' });
    env.STRIPE_API_PORT = String(double.port);
  });
  afterAll(async () => {
    await double?.close();
  });
  // The fixtures' venue offers self-checkout (a test switches it off to see the refusal).
  const seeded = useSeededServer(async (db: Db) => {
    const fixtures = await seedLedgerFixtures(db);
    await db.execute(sql`UPDATE venues SET self_checkout = true WHERE id = 1`);
    return fixtures;
  }, env);
  beforeEach(() => double!.reset());
  const { server, f, db } = seeded;
  const stripe = () => double!;

  const call = async (
    username: string | null,
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
    headers: Record<string, string> = {},
  ) =>
    server().app.inject({
      method,
      url,
      headers: { ...(username ? await server().auth(username) : {}), ...headers },
      payload,
    });

  /** A write with a fresh (or the given) Idempotency-Key. */
  const write = (username: string, url: string, payload: InjectOptions['payload'], key = newKey()) =>
    call(username, 'POST', url, payload, { 'idempotency-key': key });

  /** A charge of `amount` to a party at venue 1, posted by the organizer. */
  async function charge(party: { type: string; id: number }, amount: number, venue = 1) {
    const res = await write('organizer', '/api/v1/transaction/', {
      venue,
      kind: 'charge',
      party_type: party.type,
      party_id: party.id,
      description: 'Box',
      unit_price: amount,
      category: 'other',
    });
    if (res.statusCode !== 201) throw new Error(`charge failed: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  }

  /** Stripe.js's part: a call to the provider with the publishable key. */
  async function browser(method: 'GET' | 'POST', path: string, form: Record<string, string> = {}) {
    const body = new URLSearchParams(form).toString();
    const res = await fetch(`${double!.url}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
      method,
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'POST' ? body : undefined,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  /** A card as the card element tokenizes it: a payment method id. */
  async function cardMethod(number: string): Promise<string> {
    const res = await browser('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getFullYear() + 3),
      'card[cvc]': '123',
    });
    if (res.status !== 200) throw new Error(`payment method: ${JSON.stringify(res.json)}`);
    return res.json.id as string;
  }

  const userIdOf = async (username: string) => {
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
    return row!.id;
  };

  /** The whole saved-card flow of the creditCard page: setup intent, card element, confirm, save. */
  async function saveCard(username: string, number: string = CARDS.ok, as = username) {
    const userId = await userIdOf(username);
    const setup = await call(as, 'POST', `/api/v1/user/${userId}/create_stripe_setup_intent/`);
    if (setup.statusCode !== 201) throw new Error(`setup intent: ${setup.statusCode} ${setup.body}`);
    const intent = setup.json<{ id: string; client_secret: string }>();
    const confirmed = await browser('POST', `/v1/setup_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret,
      payment_method: await cardMethod(number),
    });
    if (confirmed.json.status === 'requires_action') {
      await fetch(`${double!.url}/3d_secure_2/authenticate/${intent.id}/complete`, {
        method: 'POST',
        redirect: 'manual',
      });
    }
    const saved = await call(as, 'POST', `/api/v1/user/${userId}/stripe/`, { token: intent.id });
    if (saved.statusCode !== 201) throw new Error(`save card: ${saved.statusCode} ${saved.body}`);
    return { userId, card: saved.json<{ id: number; brand: string; last4: string }>() };
  }

  /** Sends one event to the webhook as the provider would (signed now, or at `timestamp`). */
  const sendEvent = (event: ProviderEvent | string, timestamp?: number, signature?: string) => {
    const payload = typeof event === 'string' ? event : JSON.stringify(event);
    return server().app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook/',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature ?? double!.sign(payload, timestamp),
      },
      payload,
    });
  };

  /** Forwards the events the double kept (of these types, default all), in order. */
  async function forward(types?: string[]): Promise<LightMyRequestResponse[]> {
    const answers: LightMyRequestResponse[] = [];
    for (const event of double!.pending()) {
      if (types && !types.includes(event.type)) continue;
      await double!.deliver(event.id).catch(() => []);
      answers.push(await sendEvent(event));
    }
    return answers;
  }

  /** The kept events of one intent or refund (not forwarded yet). */
  const eventsOf = (objectId: string, type?: string) =>
    double!.pending().filter((e) => (e.data.object as { id: string }).id === objectId && (!type || e.type === type));

  return {
    server,
    f: f as LedgerFixtures,
    db,
    stripe,
    call,
    write,
    charge,
    browser,
    cardMethod,
    saveCard,
    sendEvent,
    forward,
    eventsOf,
    userIdOf,
  };
}

/** The ledger's state that card payments touch. */
export async function ledgerOf(db: Db) {
  const [row] = rowsOf<{
    transactions: number;
    postings: number;
    total: string;
    card: string | null;
    fees: string | null;
    refs: number;
  }>(
    await db.execute(sql`SELECT
      (SELECT count(*) FROM transactions)::int AS transactions,
      (SELECT count(*) FROM postings)::int AS postings,
      (SELECT COALESCE(sum(amount_minor), 0)::text FROM postings) AS total,
      (SELECT balance_minor::text FROM accounts WHERE kind = 'card' AND venue_id = 1) AS card,
      (SELECT balance_minor::text FROM accounts WHERE kind = 'card_fees' AND venue_id = 1) AS fees,
      (SELECT count(*) FROM transactions WHERE external_ref IS NOT NULL)::int AS refs`),
  );
  return {
    transactions: row!.transactions,
    postings: row!.postings,
    total: Number(row!.total),
    card: Number(row!.card ?? 0),
    fees: Number(row!.fees ?? 0),
    refs: row!.refs,
  };
}

export async function balanceOf(db: Db, type: string, id: number, venue = 1): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`SELECT balance_minor::text AS balance FROM accounts
      WHERE venue_id = ${venue} AND kind = 'party' AND party_type = ${type} AND party_id = ${id}`),
  );
  return Number(row?.balance ?? 0);
}

export async function paymentRow(db: Db, intentId: string) {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.intentId, intentId));
  return row;
}
