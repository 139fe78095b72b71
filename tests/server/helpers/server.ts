import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { DEMO_PASSWORD } from '@shared/constants';
import { buildApp, type BuildOptions } from '../../../server/src/app';
import { loadConfig, type Config } from '../../../server/src/config';
import { openDatabase, type Database } from '../../../server/src/db/client';
import { seedDemoData } from '../../../server/src/demo/seed';
import { forgetChangesLogs } from '../../../server/src/modules/floor/changes-log';
import { forgetAllUsers } from '../../../server/src/security/session-cache';
import type { App } from '../../../server/src/types';
import { takeMails, type ReadMail } from './mail';
import { pgliteTemplate, templateKey } from './pglite-template';

const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SCRYPT_N: '1024',
  RATE_LIMIT_AUTH_MAX: '1000',
  RATE_LIMIT_REPORT_MAX: '1000',
  PUBLIC_URL: 'http://paddock.test',
};

/**
 * Empties every table of the public schema and restarts its ids, in one round trip. DELETE with
 * foreign-key triggers off is quicker than TRUNCATE on these small tables.
 */
const EMPTY_ALL_TABLES = sql.raw(`DO $$
DECLARE r record;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DELETE FROM %I', r.tablename);
  END LOOP;
  FOR r IN SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' LOOP
    EXECUTE format('ALTER SEQUENCE %I RESTART', r.sequencename);
  END LOOP;
END $$`);

/**
 * The demo data as the first reset of a file wrote it, kept beside the tables (schema
 * `test_seed`): the tables with rows, and where every id sequence stood. Writing the demo data
 * anew costs a password hash and a statement per table and role; copying it back is one round
 * trip.
 */
const SAVE_SEED = sql.raw(`DO $$
DECLARE r record;
BEGIN
  DROP SCHEMA IF EXISTS test_seed CASCADE;
  CREATE SCHEMA test_seed;
  CREATE TABLE test_seed."sequences!" AS
    SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public';
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('CREATE TABLE test_seed.%I AS SELECT * FROM public.%I', r.tablename, r.tablename);
  END LOOP;
END $$`);

/** Every table back to the demo data SAVE_SEED kept, and every id sequence to where it stood. */
const RESTORE_SEED = sql.raw(`DO $$
DECLARE r record;
BEGIN
  SET LOCAL session_replication_role = replica;
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DELETE FROM public.%I', r.tablename);
  END LOOP;
  -- a table a test made itself stays empty
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'test_seed' AND tablename <> 'sequences!' LOOP
    EXECUTE format('INSERT INTO public.%I SELECT * FROM test_seed.%I', r.tablename, r.tablename);
  END LOOP;
  FOR r IN SELECT name, last_value FROM test_seed."sequences!" LOOP
    IF r.last_value IS NULL THEN
      EXECUTE format('ALTER SEQUENCE public.%I RESTART', r.name);
    ELSE
      PERFORM setval(format('public.%I', r.name), r.last_value);
    END IF;
  END LOOP;
END $$`);

export interface TestServer {
  app: App;
  config: Config;
  database: Database;
  /** Empties every table and writes the demo data again; forgets sent mail. */
  reset(): Promise<void>;
  /** A second app on the same database, with other settings (rate limits, secrets…). */
  buildApp(env?: Record<string, string>, onRoute?: BuildOptions['onRoute']): Promise<App>;
  /** Signs a demo user in (password `paddock-demo`) and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** Authorization header of a signed-in demo user. */
  auth(username: string): Promise<{ authorization: string }>;
  /**
   * The end of a file that shared this server: the apps it built besides `app` are closed, and
   * the mail still being written lands.
   */
  release(): Promise<void>;
  /** Mail written since the last call (waits for mail still being written). */
  mails(): Promise<ReadMail[]>;
  close(): Promise<void>;
}

/**
 * The name of a migrated, empty database on the server of `adminUrl`, made once per set of
 * migrations: each test file's database is copied from it (CREATE DATABASE … TEMPLATE, a file
 * copy in the server) instead of running every migration again, which cost ~1 s per file.
 */
async function postgresTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `paddock_template_${templateKey()}`;
  // Advisory locks belong to one database: every worker's admin connection is to the same one.
  await admin.query('SELECT pg_advisory_lock(72617)');
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Made under another name and renamed when complete: a run stopped half-way leaves no template.
    const building = `${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(72617)');
  }
}

/**
 * A new database on the server of `adminUrl`: empty (what a server starting for the first time
 * or a restore finds), or `migrated` (a copy of the migrated template).
 */
export async function freshPostgres(
  adminUrl: string,
  { migrated = false } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `paddock_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (migrated) await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${await postgresTemplate(admin, adminUrl)}"`);
    else await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * One database per test file: PGlite in memory, or a fresh database on TEST_DATABASE_URL's
 * server. Migrated once; `reset()` between tests empties the tables and reseeds.
 */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-test-'));
  try {
    return await startIn(dir, env);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function startIn(dir: string, env: Record<string, string>): Promise<TestServer> {
  const postgres = process.env.TEST_DATABASE_URL
    ? await freshPostgres(process.env.TEST_DATABASE_URL, { migrated: true })
    : null;
  const baseEnv = {
    ...TEST_ENV,
    DATA_DIR: dir,
    MAIL_DIR: path.join(dir, 'mail'),
    DIST_DIR: path.join(dir, 'no-dist'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const configFor = (extra: Record<string, string>) => loadConfig({ ...baseEnv, ...env, ...extra });
  const config = configFor({});
  const database = await openDatabase(config, {
    inMemory: true,
    template: postgres ? undefined : await pgliteTemplate(),
  });
  await database.migrate();
  const apps: App[] = [];
  const make = async (extra: Record<string, string> = {}, onRoute?: BuildOptions['onRoute']) => {
    const app = await buildApp({ config: configFor(extra), db: database.db, onRoute });
    apps.push(app);
    return app;
  };
  const app = await make();

  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res: LightMyRequestResponse = await app.inject({
      method: 'POST',
      url: '/api/token/auth/',
      payload: { username, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  };

  let seeded = false;
  return {
    app,
    config,
    database,
    async reset() {
      // Every app's queued mails (a test's extra app too) land before the outbox is emptied.
      await Promise.all(apps.map((a) => a.mailer.drain()));
      takeMails(config.mailDir);
      if (seeded) await database.db.execute(RESTORE_SEED);
      else {
        await database.db.execute(EMPTY_ALL_TABLES);
        await seedDemoData(database.db, config.scryptN, { show: false });
        await database.db.execute(SAVE_SEED);
        seeded = true;
      }
      // User ids start again: what a session check remembers of the old rows would be wrong.
      forgetAllUsers(database.db);
      // Floor numbers start again too: what a floor pull kept of the old rows would be wrong.
      forgetChangesLogs(database.db);
    },
    buildApp: make,
    login,
    auth: async (username) => ({ authorization: `Bearer ${await login(username)}` }),
    async mails() {
      await Promise.all(apps.map((a) => a.mailer.drain()));
      return takeMails(config.mailDir);
    },
    async release() {
      for (const extra of apps.splice(1)) await extra.close();
      await app.mailer.drain();
      takeMails(config.mailDir);
    },
    async close() {
      for (const a of apps) await a.close();
      await database.close();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
