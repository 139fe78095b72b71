import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { EXPECTED_MIGRATIONS, migrationStatus, type MigrationStatus } from '../../db/migrate';
import { AppError } from '../../app-error';
import { rowsOf } from '../../db/rows';
import type { App } from '../../types';

const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.boolean(),
  migrations: z.object({ current: z.boolean(), applied: z.number().int(), expected: z.number().int() }),
  version: z.string(),
});

/** For load balancers and monitors: 200 when the database answers and is migrated, else 503. */
export function healthRoutes(app: App, ctx: AppContext): void {
  // Migrations are only ever added: once all expected ones were seen applied, a check needs only
  // to know that the database answers (one statement: a load balancer asks every few seconds,
  // and under load every statement waits its turn).
  let migrated: MigrationStatus | null = null;
  /** Health and readiness alike: the database answers (else this throws), with its migrations' state. */
  async function databaseCheck(): Promise<MigrationStatus> {
    if (migrated) {
      await ctx.db.execute(sql`SELECT 1`);
      return migrated;
    }
    const status = await migrationStatus(ctx.db);
    if (status.current) migrated = status;
    return status;
  }
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and migration state',
        response: { 200: healthResponse, 503: healthResponse },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      let migrations: MigrationStatus = { current: false, applied: 0, expected: EXPECTED_MIGRATIONS };
      let database = false;
      try {
        migrations = await databaseCheck();
        database = true;
      } catch (err) {
        request.log.error({ err }, 'health check failed');
      }
      const ok = database && migrations.current;
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'error', database, migrations, version: ctx.config.version });
    },
  );

  // Liveness: the process answers (a balancer or orchestrator restarts it when it does not). It
  // asks nothing of the database: a database outage is not cured by restarting every API process.
  app.get(
    '/api/live',
    {
      schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: liveResponse } },
      config: { policy: 'public' },
    },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  // Readiness: send this process requests. 503 `warming` from the start until the warm-up has
  // run (lifecycle.ts: the first tablet would pay for first runs), 503 once it was told to stop
  // (the balancer takes it out while requests in flight finish), or while its database does not
  // answer.
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: warmed up, the database answers, the migrations are current and the process is not stopping',
        response: { 200: readyResponse, 503: readyResponse },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      const { draining, warming } = ctx.lifecycle;
      let database = false;
      if (!draining && !warming) {
        try {
          database = (await databaseCheck()).current;
        } catch (err) {
          request.log.error({ err }, 'readiness check failed');
        }
      }
      const status = draining ? 'draining' : warming ? 'warming' : database ? 'ready' : 'unavailable';
      return reply
        .status(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status });
    },
  );

  registerMetrics(app, ctx);
}

const liveResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({ status: z.enum(['ready', 'warming', 'draining', 'unavailable']) });

/** Constant-time comparison of the bearer token (no timing oracle for the token's prefix). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN; without the
 * token configured the endpoint does not exist. Beside the process and request metrics: the
 * background runs by status, and the database pool (PostgreSQL).
 */
function registerMetrics(app: App, ctx: AppContext): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const { metrics } = ctx;
  metrics.gauge(
    'paddock_job_runs',
    'Background runs queued or running, by kind and status',
    ['kind', 'status'],
    async () =>
      rowsOf<{ kind: string; status: string; n: number }>(
        await ctx.db.execute(sql`SELECT kind, status, count(*)::int AS n FROM job_runs
        WHERE status IN ('queued', 'running') GROUP BY kind, status`),
      ).map((r) => ({ labels: { kind: r.kind, status: r.status }, value: r.n })),
  );
  metrics.gauge(
    'paddock_job_steps_failed',
    'Failed steps of the runs of the last 24 hours, by kind',
    ['kind'],
    async () =>
      rowsOf<{ kind: string; n: number }>(
        await ctx.db.execute(sql`SELECT kind, coalesce(sum(failed), 0)::int AS n FROM job_runs
        WHERE created_at > now() - interval '24 hours' GROUP BY kind`),
      ).map((r) => ({ labels: { kind: r.kind }, value: r.n })),
  );
  const client: unknown = (ctx.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    metrics.gauge('paddock_db_pool_connections', 'Database pool connections, by state', ['state'], () => [
      { labels: { state: 'total' }, value: client.totalCount },
      { labels: { state: 'idle' }, value: client.idleCount },
      { labels: { state: 'waiting' }, value: client.waitingCount },
    ]);
  }
  app.get('/metrics', { schema: { hide: true }, config: { policy: 'public' } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) throw new AppError('unauthorized');
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
