import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseForm, text, type Form, list } from './form';
import {
  ApiError,
  attach,
  cancelPaymentIntent,
  confirmPaymentIntent,
  confirmSetupIntent,
  createCustomer,
  createPaymentIntent,
  createPaymentMethod,
  createRefund,
  createSetupIntent,
  customerOf,
  detach,
  missing,
  paymentIntentOf,
  paymentMethodOf,
  settleRefund,
  type World,
} from './intents';
import {
  emptyState,
  expanded,
  idOf,
  now,
  type Delivery,
  type DoubleState,
  type ProviderEvent,
  type ProviderObject,
  type Refund,
} from './state';
import { authenticate, authenticationPage } from './three-d-secure';

/**
 * A local test double of the card provider's HTTP API (Stripe), for the calls Paddock and the
 * browser make, with the provider's paths, form-encoded requests, object shapes, errors, test
 * cards, idempotency keys (the same key answers the first answer again; another request under it
 * is an idempotency_error) and signed webhooks (the SDK's own test-header helper). Browser calls
 * (publishable key with the intent's client secret) answer CORS for any origin.
 */

export interface StripeDoubleOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  /** Where events are POSTed (Paddock's /api/v1/stripe/webhook/); absent: kept, not sent. */
  webhookUrl?: string;
  webhookSecret: string;
  /** 'auto' sends each event as it happens; 'manual' keeps it until `deliver()`. */
  webhooks?: 'auto' | 'manual';
  /** Where the 3-D Secure page is linked (default https://hooks.stripe.com; the browser tests route it here). */
  redirectBase?: string;
  /** Only these keys are accepted when given; else any `sk_…` / `pk_…`. */
  secretKey?: string;
  publishableKey?: string;
}

export interface StripeDouble {
  url: string;
  port: number;
  state: DoubleState;
  close(): Promise<void>;
  /** Waits until every webhook delivery under way is done. */
  flush(): Promise<void>;
  /** Manual mode: sends the events kept so far (or the one named) and answers their deliveries. */
  deliver(eventId?: string): Promise<Delivery[]>;
  /** Events kept in manual mode and not sent yet. */
  pending(): ProviderEvent[];
  /** The `Stripe-Signature` header of a payload, now or at `timestamp` (seconds). */
  sign(payload: string, timestamp?: number): string;
  /** Settles a pending refund (refund.updated). */
  settleRefund(id: string, status: 'succeeded' | 'failed'): Refund;
  setWebhookUrl(url: string | undefined): void;
  /** Forgets every object, event, request and stored answer (between tests). */
  reset(): void;
}

interface Answer {
  status: number;
  body: unknown;
}

type Auth = 'secret' | 'publishable';

interface Call {
  method: string;
  path: string;
  form: Form;
  auth: Auth;
  world: World;
}

type Route = {
  method: string;
  pattern: RegExp;
  publishable?: 'any' | 'client_secret';
  run: (c: Call, m: RegExpExecArray) => unknown;
};

const clientSecretMatches = (c: Call, secret: string) =>
  c.auth === 'secret' || text(c.form, 'client_secret') === secret;

function guardClientSecret(c: Call, secret: string, kind: string, id: string) {
  if (!clientSecretMatches(c, secret)) throw missing(kind, id, 'client_secret');
}

const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, run: (c) => createCustomer(c.world, c.form) },
  { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, run: (c, m) => customerOf(c.world, m[1]!) },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
    run: (c, m) => methodList(c.world, customerOf(c.world, m[1]!).id),
  },
  { method: 'POST', pattern: /^\/v1\/setup_intents$/, run: (c) => createSetupIntent(c.world, c.form) },
  {
    method: 'GET',
    pattern: /^\/v1\/setup_intents\/([^/]+)$/,
    publishable: 'client_secret',
    run: (c, m) => {
      const si = c.world.state.setupIntents.get(m[1]!);
      if (!si) throw missing('setupintent', m[1]!, 'intent');
      guardClientSecret(c, si.client_secret, 'setupintent', si.id);
      return expanded(c.world.state, si, list(c.form, 'expand'));
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/setup_intents\/([^/]+)\/confirm$/,
    publishable: 'client_secret',
    run: (c, m) => {
      const si = c.world.state.setupIntents.get(m[1]!);
      if (!si) throw missing('setupintent', m[1]!, 'intent');
      guardClientSecret(c, si.client_secret, 'setupintent', si.id);
      return confirmSetupIntent(c.world, si, c.form);
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods$/,
    publishable: 'any',
    run: (c) => createPaymentMethod(c.world, c.form),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_methods$/,
    run: (c) => methodList(c.world, customerOf(c.world, text(c.form, 'customer') ?? '').id),
  },
  { method: 'GET', pattern: /^\/v1\/payment_methods\/([^/]+)$/, run: (c, m) => paymentMethodOf(c.world, m[1]!) },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
    run: (c, m) => attach(c.world, paymentMethodOf(c.world, m[1]!), text(c.form, 'customer') ?? ''),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
    run: (c, m) => detach(paymentMethodOf(c.world, m[1]!)),
  },
  { method: 'POST', pattern: /^\/v1\/payment_intents$/, run: (c) => createPaymentIntent(c.world, c.form) },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    publishable: 'client_secret',
    run: (c, m) => {
      const pi = paymentIntentOf(c.world, m[1]!);
      guardClientSecret(c, pi.client_secret, 'payment_intent', pi.id);
      return expanded(c.world.state, pi, list(c.form, 'expand'));
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    publishable: 'client_secret',
    run: (c, m) => {
      const pi = paymentIntentOf(c.world, m[1]!);
      guardClientSecret(c, pi.client_secret, 'payment_intent', pi.id);
      return confirmPaymentIntent(c.world, pi, c.form);
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    run: (c, m) => cancelPaymentIntent(c.world, paymentIntentOf(c.world, m[1]!), c.form),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/charges\/([^/]+)$/,
    run: (c, m) => {
      const charge = c.world.state.charges.get(m[1]!);
      if (!charge) throw missing('charge', m[1]!);
      return expanded(c.world.state, charge, list(c.form, 'expand'));
    },
  },
  { method: 'POST', pattern: /^\/v1\/refunds$/, run: (c) => createRefund(c.world, c.form) },
  {
    method: 'GET',
    pattern: /^\/v1\/refunds\/([^/]+)$/,
    run: (c, m) => {
      const refund = c.world.state.refunds.get(m[1]!);
      if (!refund) throw missing('refund', m[1]!);
      return refund;
    },
  },
];

function methodList(w: World, customer: string) {
  const data = [...w.state.paymentMethods.values()].filter((pm) => pm.customer === customer).reverse();
  return { object: 'list', data, has_more: false, url: '/v1/payment_methods' };
}

const CORS_HEADERS = {
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, content-type, stripe-version, stripe-account, idempotency-key, x-stripe-client-user-agent, x-requested-with',
  'access-control-max-age': '600',
};

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return { 'access-control-allow-origin': req.headers.origin ?? '*', vary: 'Origin', ...CORS_HEADERS };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function keyOf(req: IncomingMessage, form: Form): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').replace(/:$/, '');
  return text(form, 'key') ?? null;
}

const invalidKey = (message: string): Answer => ({
  status: 401,
  body: { error: { type: 'invalid_request_error', message } },
});

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const state = emptyState();
  let webhookUrl = options.webhookUrl;
  const manual = options.webhooks === 'manual';
  const kept: ProviderEvent[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Stored answers by key: the request they answered and the answer. */
  const stored = new Map<string, { request: string; answer: Answer }>();
  const sign = (payload: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret, timestamp });

  async function send(event: ProviderEvent): Promise<Delivery[]> {
    const url = webhookUrl;
    if (!url) return [];
    const payload = JSON.stringify(event, null, 2);
    const results: Delivery[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const started = performance.now();
      const delivery: Delivery = { event: event.id, type: event.type, attempt, status: null, ms: 0 };
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': sign(payload),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        await res.arrayBuffer();
        delivery.status = res.status;
      } catch (err) {
        delivery.error = (err as Error).message;
      }
      delivery.ms = performance.now() - started;
      state.deliveries.push(delivery);
      results.push(delivery);
      if (delivery.status !== null && delivery.status < 300) break;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    return results;
  }

  function track(promise: Promise<unknown>) {
    const done = promise.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  let currentRequest: { id: string; key: string | null } = { id: '', key: null };
  const world: World = {
    state,
    redirectBase: (options.redirectBase ?? 'https://hooks.stripe.com').replace(/\/+$/, ''),
    emit(type: string, object: ProviderObject) {
      const event: ProviderEvent = {
        id: idOf('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: webhookUrl ? 1 : 0,
        request: { id: currentRequest.id || null, idempotency_key: currentRequest.key },
      };
      state.events.push(event);
      if (manual) kept.push(event);
      // Sent after the answer that caused it is on its way, as the provider does.
      else if (webhookUrl) setImmediate(() => track(send(event)));
    },
  };

  function run(req: IncomingMessage, path: string, form: Form, auth: Auth | null, key: string | null): Answer {
    const method = req.method ?? 'GET';
    for (const route of ROUTES) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      if (!auth || !key) return invalidKey('You did not provide an API key.');
      if (auth === 'publishable' && !route.publishable) {
        return invalidKey('This API call cannot be made with a publishable API key. Please use a secret API key.');
      }
      try {
        return { status: 200, body: route.run({ method, path, form, auth, world }, m) };
      } catch (err) {
        if (err instanceof ApiError) return { status: err.status, body: { error: err.error } };
        throw err;
      }
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    if (path === '/_double/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    const page = /^\/3d_secure_2\/authenticate\/([^/]+)(?:\/(complete|fail))?$/.exec(path);
    if (page) {
      const returnUrl = url.searchParams.get('return_url');
      const answer =
        req.method === 'POST' && page[2]
          ? authenticate(world, page[1]!, page[2] as 'complete' | 'fail', returnUrl)
          : authenticationPage(world, page[1]!, returnUrl);
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const body = req.method === 'POST' ? await readBody(req) : '';
    const form = parseForm(req.method === 'POST' ? body : url.search.slice(1));
    const key = keyOf(req, form);
    const auth: Auth | null = !key
      ? null
      : /^(sk|rk)_/.test(key) && (!options.secretKey || key === options.secretKey)
        ? 'secret'
        : /^pk_/.test(key) && (!options.publishableKey || key === options.publishableKey)
          ? 'publishable'
          : null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const requestId = idOf('req');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': Stripe.API_VERSION,
      ...cors,
    };
    let answer: Answer;
    let replayed = false;
    if (key && !auth) answer = invalidKey(`Invalid API Key provided: ${key.slice(0, 8)}****`);
    else if (req.method === 'POST' && idempotencyKey && key) {
      const scope = `${key}\u0000${idempotencyKey}`;
      const request = `${req.method} ${path}\n${[...new URLSearchParams(body)]
        .filter(([k]) => k !== 'key')
        .sort()
        .join('&')}`;
      const found = stored.get(scope);
      if (found && found.request !== request) {
        answer = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      } else if (found) {
        answer = found.answer;
        replayed = true;
        headers['idempotent-replayed'] = 'true';
      } else {
        currentRequest = { id: requestId, key: idempotencyKey };
        answer = run(req, path, form, auth, key);
        // The provider keeps answers to keys, errors included, but not 5xx (none here).
        stored.set(scope, { request, answer: { status: answer.status, body: structuredClone(answer.body) } });
      }
      headers['idempotency-key'] = idempotencyKey;
    } else {
      currentRequest = { id: requestId, key: null };
      answer = run(req, path, form, auth, key);
    }
    currentRequest = { id: '', key: null };
    state.requests.push({ method: req.method ?? 'GET', path, auth, idempotencyKey, status: answer.status, replayed });
    res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('stripe double:', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The double failed.' } }));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    state,
    sign,
    async flush() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    pending: () => [...kept],
    async deliver(eventId?: string) {
      const chosen = eventId ? kept.filter((e) => e.id === eventId) : [...kept];
      for (const event of chosen) kept.splice(kept.indexOf(event), 1);
      const results: Delivery[] = [];
      for (const event of chosen) results.push(...(await send(event)));
      return results;
    },
    settleRefund: (id, status) => settleRefund(world, id, status),
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    reset() {
      Object.assign(state, emptyState());
      kept.length = 0;
      stored.clear();
    },
    async close() {
      while (inFlight.size) await Promise.all([...inFlight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
