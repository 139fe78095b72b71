import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/pglite-lock';

/** Start-up: configuration, database, migrations, demo data, then listen until SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The database opens while the rest of the server loads.
  const [database, { buildApp }, { seedDemoData }] = await Promise.all([
    openDatabase(config).then(async (db) => {
      await db.migrate();
      return db;
    }),
    import('./app'),
    import('./demo/seed'),
  ]);
  const app = await buildApp({ config, db: database.db });
  if (config.seedDemo && (await seedDemoData(database.db, config.scryptN))) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 at once; after the grace period (the balancer has taken this process
    // out) the listener closes: requests in flight finish, new ones get 503, live-score clients
    // are told to reconnect (to another process), and background runs stop between steps, to be
    // resumed by the next process that starts.
    app.lifecycle.draining = true;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
    if (config.shutdownGraceSeconds > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceSeconds * 1000));
    }
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exitCode = 1;
    } finally {
      await database.close();
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ driver: database.driver, publicUrl: config.publicUrl }, 'Paddock is ready');
}

main().catch((err: unknown) => {
  // Expected refusals get one clear line; anything else its stack.
  console.error(err instanceof ConfigError || err instanceof DatabaseInUseError ? err.message : err);
  process.exit(1);
});
