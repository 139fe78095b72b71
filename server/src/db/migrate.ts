import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { rowsOf } from './rows';

export interface MigrationStatus {
  current: boolean;
  applied: number;
  expected: number;
}

const expectedHashes = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.hash);
export const EXPECTED_MIGRATIONS = expectedHashes.length;

/** Compares drizzle's bookkeeping table with the committed journal. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const exists = rowsOf<{ table: string | null }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`),
  );
  const applied = exists[0]?.table
    ? rowsOf<{ hash: string }>(await db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations`)).map((r) => r.hash)
    : [];
  const appliedSet = new Set(applied);
  return {
    current: expectedHashes.every((h) => appliedSet.has(h)),
    applied: applied.length,
    expected: EXPECTED_MIGRATIONS,
  };
}
