import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/rows';
import { seedDemoData } from '../server/src/demo/seed';
import { startStripeDouble, type StripeDouble } from '../tests/stripe-double/server';
import { median, report, round, startServer } from './harness';
import { client, type Client } from './ledger-http';
import { createDatabase, startCluster } from './postgres';

/**
 * The figure `payment.webhook_p50_ms`: a confirmed-payment webhook (signed, one per
 * intent) from its POST to the answer, which the server sends once the ledger entry is committed
 * (the provider asked for the intent and its fee, the entry and the payment row written in one
 * transaction). The real server against the provider's test double; 240 office charges of a saved
 * card, then their `payment_intent.succeeded` events one after another, the first 20 as warm-up.
 */

const WARM_UP = 20;
const MEASURED = 220;
const WEBHOOK_SECRET = 'whsec_bench_payments';
const SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH_MAX: '1000000',
  STRIPE_SECRET_KEY: 'sk_test_bench',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PROTOCOL: 'http',
};

interface Demo {
  /** The demo rider's login and profile. */
  userId: number;
  riderId: number;
}

async function prepare(config: { databaseUrl: string | null; dataDir: string }): Promise<Demo> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDemoData(database.db, 1024);
    const [row] = rowsOf<{ user_id: number; rider_id: number }>(
      await database.db.execute(
        sql`SELECT u.id AS user_id, r.id AS rider_id FROM users u JOIN riders r ON r.user_id = u.id WHERE u.username = 'rider'`,
      ),
    );
    return { userId: Number(row!.user_id), riderId: Number(row!.rider_id) };
  } finally {
    await database.close();
  }
}

const json = (token: string, key?: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});

async function signInAs(http: Client, username: string): Promise<string> {
  const res = await http.request(
    'POST',
    '/api/token/auth/',
    { 'content-type': 'application/json' },
    JSON.stringify({ username, password: 'paddock-demo' }),
  );
  if (res.status !== 200) throw new Error(`sign-in ${username} answered ${res.status}`);
  return (JSON.parse(res.body) as { token: string }).token;
}

async function ok<T>(what: string, answer: Promise<{ status: number; body: string }>, status = 201): Promise<T> {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** The demo rider owes enough; their card is saved; the office charges it `count` times. */
async function chargeCards(http: Client, double: StripeDouble, demo: Demo, count: number): Promise<void> {
  const admin = await signInAs(http, 'admin');
  const rider = await signInAs(http, 'rider');
  const { riderId } = demo;
  for (let i = 0; i < 4; i++) {
    await ok(
      'charge',
      http.request(
        'POST',
        '/api/v1/transaction/',
        json(admin, `bench-charge-${i}`),
        JSON.stringify({
          venue: 1,
          kind: 'charge',
          party_type: 'rider',
          party_id: riderId,
          description: 'Bench charge',
          unit_price: 900_000,
        }),
      ),
    );
  }
  const setup = await ok<{ id: string; client_secret: string }>(
    'setup intent',
    http.request('POST', `/api/v1/user/${demo.userId}/create_stripe_setup_intent/`, json(rider), '{}'),
  );
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_bench', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const pm = (await (
    await fetch(
      `${double.url}/v1/payment_methods`,
      form({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2040' }),
    )
  ).json()) as { id: string };
  await fetch(
    `${double.url}/v1/setup_intents/${setup.id}/confirm`,
    form({ client_secret: setup.client_secret, payment_method: pm.id }),
  );
  const card = await ok<{ id: number }>(
    'save card',
    http.request('POST', `/api/v1/user/${demo.userId}/stripe/`, json(rider), JSON.stringify({ token: setup.id })),
  );
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({
      party_type: 'rider',
      party_id: riderId,
      amount: 1_000 + i,
      currency: 'EUR',
      card: card.id,
    });
    await ok('charge card', http.request('POST', '/api/v1/venue/1/chargeCard/', json(admin, `bench-card-${i}`), body));
  }
}

/** Sends each kept `payment_intent.succeeded` event once, signed now; answers the milliseconds of each. */
async function deliver(http: Client, double: StripeDouble): Promise<number[]> {
  const events = double.pending().filter((e) => e.type === 'payment_intent.succeeded');
  const timings: number[] = [];
  for (const event of events) {
    const payload = JSON.stringify(event);
    const started = performance.now();
    const res = await http.request(
      'POST',
      '/api/v1/stripe/webhook/',
      { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': double.sign(payload) },
      payload,
    );
    timings.push(performance.now() - started);
    if (res.status !== 200 || (JSON.parse(res.body) as { outcome: string }).outcome !== 'posted') {
      throw new Error(`webhook answered ${res.status}: ${res.body}`);
    }
  }
  return timings;
}

async function measure(env: Record<string, string>, demo: Demo, port: number, suffix: string): Promise<void> {
  const double = await startStripeDouble({ webhookSecret: WEBHOOK_SECRET, webhooks: 'manual' });
  const server = await startServer({ ...SERVER_ENV, ...env, STRIPE_API_PORT: String(double.port) }, port);
  const http = client(server.url, 1);
  try {
    await chargeCards(http, double, demo, WARM_UP + MEASURED);
    const timings = (await deliver(http, double)).slice(WARM_UP);
    if (timings.length < 200) throw new Error(`only ${timings.length} webhooks measured`);
    const admin = await signInAs(http, 'admin');
    const check = await ok<{ ok: boolean }>(
      'balance check',
      http.request('GET', '/api/v1/balance/check/', json(admin)),
      200,
    );
    if (!check.ok) throw new Error('the ledger does not balance after the webhooks');
    report({ name: `payment.webhook_p50_ms${suffix}`, value: round(median(timings)), unit: 'ms', limit: { max: 20 } });
    const sorted = [...timings].sort((a, b) => a - b);
    report({
      name: `payment.webhook_p95_ms${suffix}`,
      value: round(sorted[Math.floor(sorted.length * 0.95)]!),
      unit: 'ms',
    });
  } finally {
    http.close();
    await server.stop();
    await double.close();
  }
}

export async function benchPayments(port: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-payments-'));
  try {
    const demo = await prepare({ databaseUrl: null, dataDir });
    await measure({ DATA_DIR: dataDir }, demo, port, '');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const cluster = await startCluster(54900 + ((process.pid + 45) % 90));
  try {
    const url = await createDatabase(cluster.url, 'bench_payments');
    const demo = await prepare({ databaseUrl: url, dataDir: tmpdir() });
    await measure({ DATABASE_URL: url }, demo, port, '_pg');
  } finally {
    cluster.stop();
  }
}
