import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './pglite-lock';

/*
 * Backups of the whole database, taken and restored with the database's own tools: the embedded
 * database's data directory as a gzipped tarball (PGlite's dumpDataDir, with the server stopped:
 * one process owns the directory), and PostgreSQL's custom-format archive (pg_dump / pg_restore
 * from Debian's postgresql-client, consistent while the server runs). A restore goes only into
 * an empty database: it never merges into or overwrites a live ledger.
 */

export class BackupError extends Error {}

type DbConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

const pgliteDir = (config: DbConfig) => path.join(config.dataDir, 'pglite');

/** The PostgreSQL client tools: PG_BIN_DIR, else the newest of Debian's installed versions, else PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN_DIR) return path.join(process.env.PG_BIN_DIR, name);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const newest = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return path.join(root, newest, 'bin', name);
  }
  return name;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => reject(new BackupError(`${command}: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the configured database to `file`; answers which kind it wrote. */
export async function backupDatabase(config: DbConfig, file: string): Promise<'pglite' | 'postgres'> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (config.databaseUrl) {
    await run(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      file,
      config.databaseUrl,
    ]);
    return 'postgres';
  }
  const dir = pgliteDir(config);
  if (!existsSync(dir)) throw new BackupError(`no embedded database in ${dir}`);
  // Throws DatabaseInUseError while the server runs: its data directory is not copied mid-write.
  const release = lockDataDir(`${dir}.lock`);
  try {
    const client = await PGlite.create({ dataDir: dir });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return 'pglite';
}

/** Restores `file` (written by backupDatabase for the same kind of database) into the configured, empty database. */
export async function restoreDatabase(config: DbConfig, file: string): Promise<'pglite' | 'postgres'> {
  if (!existsSync(file)) throw new BackupError(`no backup at ${file}`);
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.n > 0) throw new BackupError('the database is not empty: restore into a new, empty database');
    } finally {
      await client.end();
    }
    await run(pgTool('pg_restore'), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      config.databaseUrl,
      file,
    ]);
    return 'postgres';
  }
  const dir = pgliteDir(config);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: restore into a new, empty data directory`);
  }
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(`${dir}.lock`);
  try {
    const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]) });
    await client.close();
  } finally {
    release();
  }
  return 'pglite';
}
