import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/pglite-lock';

/** A worker that died is started again after this long (a crash loop does not spin the CPU). */
const RESTART_DELAY_MS = 1_000;

/** The database migrated and, unless production, the demo show seeded: once, before any worker serves. */
async function prepareDatabase(config: Config) {
  const [database, { seedDemoData }] = await Promise.all([
    openDatabase(config).then(async (db) => {
      await db.migrate();
      return db;
    }),
    import('./demo/seed'),
  ]);
  if (config.seedDemo && (await seedDemoData(database.db, config.scryptN))) console.info('demo data seeded');
  return database;
}

/** One API process: serves until SIGTERM/SIGINT, then drains (see shutdown). */
async function serve(config: Config, prepared: boolean): Promise<void> {
  const [database, { buildApp }] = await Promise.all([
    // The database opens while the rest of the server loads.
    prepared ? openDatabase(config) : prepareDatabase(config),
    import('./app'),
  ]);
  const app = await buildApp({ config, db: database.db });

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
      // A worker's channel to the supervising process would keep it alive: closed, it ends.
      cluster.worker?.disconnect();
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));

  // Live at once, ready once warmed up (lifecycle.ts): readiness answers 503 `warming` from the
  // first request until then.
  app.lifecycle.warming = true;
  await app.listen({ port: config.port, host: config.host });
  await app.lifecycle.warmUp(app.log);
  app.log.info(
    { driver: database.driver, publicUrl: config.publicUrl, worker: cluster.worker?.id ?? null },
    'Paddock is ready',
  );
}

/**
 * WORKERS > 1 (PostgreSQL): this process migrates and seeds, then runs that many API processes
 * on one port (Node's cluster module hands each connection to the next worker). A worker that
 * dies is replaced; SIGTERM is passed on, and this process ends when the last worker has drained.
 */
async function supervise(config: Config): Promise<void> {
  await (await prepareDatabase(config)).close();
  let stopping = false;
  const fork = () => cluster.fork({ PADDOCK_DATABASE_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0 && code !== null) process.exitCode = 1;
      return;
    }
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  for (let i = 0; i < config.workers; i++) fork();
  console.info(`Paddock: ${config.workers} API processes on port ${config.port}`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return supervise(config);
  return serve(config, cluster.isWorker && process.env.PADDOCK_DATABASE_PREPARED === '1');
}

main().catch((err: unknown) => {
  // Expected refusals get one clear line; anything else its stack.
  console.error(err instanceof ConfigError || err instanceof DatabaseInUseError ? err.message : err);
  process.exit(1);
});
