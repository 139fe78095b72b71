import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError, restoreDatabase } from '../../server/src/db/backup';
import { openDatabase } from '../../server/src/db/client';
import { rowsOf } from '../../server/src/db/rows';
import { seedDemoData } from '../../server/src/demo/seed';
import { checkBalances } from '../../server/src/modules/balance/balance-check';
import { freshPostgres } from './helpers/server';
import { pgliteTemplate } from './helpers/pglite-template';

/*
 * `npm run backup` then `npm run restore` into an empty database: the demo show's ledger (a show
 * day of charges, payments and prizes) comes back whole — the ledger check passes and every
 * balance is what it was. On the embedded database in this suite's PGlite run, on PostgreSQL
 * (pg_dump / pg_restore) in its PostgreSQL run.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dir = mkdtempSync(path.join(tmpdir(), 'paddock-backup-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Where a database lives: a data directory of its own, or a new database on the test server. */
async function place(name: string) {
  if (!onPostgres) return { databaseUrl: null, dataDir: path.join(dir, name) };
  const fresh = await freshPostgres(process.env.TEST_DATABASE_URL!);
  drops.push(fresh.drop);
  return { databaseUrl: fresh.url, dataDir: path.join(dir, name) };
}

type Place = Awaited<ReturnType<typeof place>>;

/** Every account's balance and the journal's size, as they stand. */
async function ledgerOf(where: Place) {
  const database = await openDatabase(where);
  try {
    const balances = rowsOf<{ account: string; balance: string }>(
      await database.db.execute(sql`SELECT concat_ws('/', venue_id, kind, party_type, party_id) AS account,
        balance_minor::text AS balance FROM accounts ORDER BY 1`),
    );
    const [journal] = rowsOf<{ entries: number; lines: number }>(
      await database.db.execute(sql`SELECT (SELECT count(*)::int FROM transactions) AS entries,
        (SELECT count(*)::int FROM postings) AS lines`),
    );
    return { balances, journal, check: await checkBalances(database.db) };
  } finally {
    await database.close();
  }
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('restores the demo show into an empty database: the ledger check passes and every balance is equal', async () => {
    const source = await place('source');
    const database = await openDatabase(source, { template: onPostgres ? undefined : await pgliteTemplate() });
    await database.migrate();
    await seedDemoData(database.db, 1024);
    if (!onPostgres) {
      // The embedded database is copied with its server stopped: one process owns the directory.
      const busy = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'server/src/backup-cli.ts', 'backup', 'busy.tar.gz'],
        {
          env: { ...process.env, NODE_ENV: 'test', DATA_DIR: source.dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        },
      );
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain('is in use by process');
      expect(existsSync('busy.tar.gz')).toBe(false);
    }
    await database.close();
    const before = await ledgerOf(source);
    expect(before.check.ok).toBe(true);
    expect(before.journal!.entries).toBeGreaterThan(50);
    expect(before.balances.some((b) => b.balance !== '0')).toBe(true);

    const file = path.join(dir, onPostgres ? 'paddock.dump' : 'paddock.tar.gz');
    expect(await backupDatabase(source, file)).toBe(onPostgres ? 'postgres' : 'pglite');
    const target = await place('target');
    await restoreDatabase(target, file);
    const after = await ledgerOf(target);
    expect(after.check.ok).toBe(true);
    expect(after.journal).toEqual(before.journal);
    expect(after.balances).toEqual(before.balances);

    // Never into a database that holds data: a restore does not merge into a live ledger.
    await expect(restoreDatabase(target, file)).rejects.toBeInstanceOf(BackupError);
  }, 120_000);
});
