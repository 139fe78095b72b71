import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { EXPECTED_MIGRATIONS, migrationStatus, type MigrationStatus } from '../../db/migrate';
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
        if (migrated) {
          await ctx.db.execute(sql`SELECT 1`);
          migrations = migrated;
        } else {
          migrations = await migrationStatus(ctx.db);
          if (migrations.current) migrated = migrations;
        }
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
}
