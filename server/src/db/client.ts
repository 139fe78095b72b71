import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { lockDataDir } from './pglite-lock';
import { TurnTakingPGlite } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database or a transaction: repos accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations (drizzle-kit output) that are not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /** PGlite only: start from a dumped data directory instead of a new cluster (tests). */
  template?: Blob;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR/pglite (or memory). */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(options.inMemory ? undefined : path.join(config.dataDir, 'pglite'), options.template);
}

async function openPglite(dataDir: string | undefined, template: Blob | undefined): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(`${dataDir}.lock`);
  }
  try {
    const client = await TurnTakingPGlite.open({ dataDir, loadDataDir: template });
    const db = drizzlePglite({ client, schema });
    return {
      db,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close().finally(release),
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (restart, failover, a dropped test database) is
  // simply replaced by the pool; without a listener its error would end the process.
  pool.on('error', () => {});
  const client = await pool.connect();
  client.release();
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}
