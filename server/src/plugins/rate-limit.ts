import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { App } from '../types';

/**
 * A route's rate limit: fixed windows counted in the database (table `rate_limits`), so that
 * every API process behind a load balancer counts the same attempts — a limit kept in one
 * process's memory would be multiplied by the number of processes.
 */
export interface RateLimitRule {
  windowMs: number;
  /** Attempts per window from one client address. */
  addressMax: number;
  /**
   * The submitted field naming the account (username or e-mail) and the attempts per window on
   * that account, from any address: guessing one account's password from many addresses is
   * limited as from one.
   */
  account?: { field: 'username' | 'email'; max: number };
  /** Requests this returns true for are not counted (staff using a public form). */
  allowList?: (request: FastifyRequest) => boolean;
  /**
   * Only failures count (the sign-in): an attempt is counted as it arrives, so that a burst is
   * held at once, and given back when it succeeds. Forty tablets of a show ground signing in
   * with one floor login behind its one public address are not refused; guessing still is.
   */
  successesFree?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitRule;
  }
}

/**
 * The submitted name of the account, as the counter's key. PostgreSQL text cannot hold U+0000:
 * such an attempt still counts (under the name without it) before the input guard refuses it.
 */
function submitted(request: FastifyRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.replaceAll('\u0000', '').trim().toLowerCase().slice(0, 254) : '';
}

/**
 * The limit of the public forms. With a field, the attempts are counted per account — the
 * submitted username or e-mail resolved to the user, so every spelling of one account shares a
 * counter — and per client address at a higher limit (one office's NAT, many people); without,
 * per client address alone (links carrying a token to guess).
 */
export function limitBy(
  config: Pick<Config, 'rateLimit'>,
  kind: 'auth' | 'report',
  field?: 'username' | 'email',
): RateLimitRule {
  const { windowMs, authMax, authAddressMax, reportMax } = config.rateLimit;
  if (kind === 'report') return { windowMs, addressMax: reportMax };
  if (!field) return { windowMs, addressMax: authMax };
  return {
    windowMs,
    addressMax: authAddressMax,
    account: { field, max: authMax },
    successesFree: field === 'username',
  };
}

interface Counter {
  key: string;
  hits: number;
  remainingMs: number;
}

/**
 * Counts one attempt on each of the keys in one statement: the account key is resolved from the
 * submitted text in SQL (user id when it names a user by username or e-mail, case-insensitively;
 * else the text itself). The upsert is atomic per key, so concurrent attempts on several
 * processes are each counted once; a window that has run out starts again at 1. The account row
 * is always locked before the address row, so two attempts never wait on each other in a cycle.
 */
async function count(db: Db, scope: string, rule: RateLimitRule, address: string, account: string | null) {
  const window = sql`${rule.windowMs}::bigint`;
  const accountKey =
    account === null
      ? null
      : sql`${`${scope}|account|`} || coalesce(
          (SELECT 'user:' || id FROM users WHERE lower(username) = ${account} OR lower(email) = ${account}
            ORDER BY lower(username) = ${account} DESC LIMIT 1),
          ${`text:${account}`})`;
  const addressKey = `${scope}|address|${address}`;
  const keys = accountKey ? sql`VALUES (${accountKey}, 1), (${addressKey}, 2)` : sql`VALUES (${addressKey}, 1)`;
  const expired = sql`r.window_start + ${window} <= EXCLUDED.window_start`;
  return rowsOf<Counter>(
    await db.execute(sql`WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now),
      keys(key, position) AS (${keys})
      INSERT INTO rate_limits AS r (key, hits, window_start, expires_at)
      SELECT keys.key, 1, clock.now, to_timestamp((clock.now + ${window}) / 1000.0) FROM keys, clock
      ORDER BY keys.position
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${expired} THEN 1 ELSE r.hits + 1 END,
        window_start = CASE WHEN ${expired} THEN EXCLUDED.window_start ELSE r.window_start END,
        expires_at = CASE WHEN ${expired} THEN EXCLUDED.expires_at ELSE r.expires_at END
      RETURNING r.key, r.hits,
        (r.window_start + ${window} - (extract(epoch FROM clock_timestamp()) * 1000))::float8 AS "remainingMs"`),
  );
}

/**
 * Checks the rate limit of every route that has one (`config.rateLimit`), on preValidation: the
 * body is parsed, and malformed attempts count too. Over the limit the answer is 429
 * `rate_limited` with `retry_after` (seconds) and a Retry-After header. Rows of windows that
 * ran out are swept at most once per window by each process.
 */
export function registerRateLimit(app: App, db: Db): void {
  /** The counters of an attempt whose success gives them back. */
  const counted = new WeakMap<FastifyRequest, string[]>();
  let lastSweep = 0;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = (windowMs: number) => {
    if (Date.now() - lastSweep < windowMs) return;
    lastSweep = Date.now();
    sweeping = db
      .execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`)
      .catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
  };

  app.addHook('preValidation', async (request, reply) => {
    const rule = request.routeOptions.config.rateLimit;
    if (!rule || rule.allowList?.(request)) return;
    const scope = request.routeOptions.url ?? request.url;
    const account = rule.account ? submitted(request, rule.account.field) : null;
    const counters = await count(db, scope, rule, request.ip, account);
    sweep(rule.windowMs);
    const addressKey = `${scope}|address|${request.ip}`;
    const over = counters.filter((c) => c.hits > (c.key === addressKey ? rule.addressMax : rule.account!.max));
    if (over.length === 0) {
      if (rule.successesFree)
        counted.set(
          request,
          counters.map((c) => c.key),
        );
      return;
    }
    const retryAfter = Math.max(1, Math.ceil(Math.max(...over.map((c) => c.remainingMs)) / 1000));
    reply.header('retry-after', String(retryAfter));
    throw new AppError('rate_limited', { params: { retry_after: retryAfter } });
  });
  // A sign-in that succeeded gives its attempt back (the window it was counted in, if still open).
  app.addHook('onResponse', async (request, reply) => {
    const keys = counted.get(request);
    if (!keys || reply.statusCode >= 400) return;
    await db
      .execute(
        sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0)
          WHERE key IN (SELECT json_array_elements_text(${JSON.stringify(keys)}::json))`,
      )
      .catch((err: unknown) => request.log.warn({ err }, 'rate-limit refund failed'));
  });
  app.addHook('onClose', async () => {
    await sweeping;
  });
}
