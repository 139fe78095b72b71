import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Fixed statements for the ledger's hot path (posting is benchmarked): SQL text composed once
 * when the module loads, parameters by position. On a PostgreSQL pool a statement is prepared
 * once per connection (parsed and planned once, not per post); elsewhere (PGlite, inside a
 * transaction) it runs through drizzle.
 */

const dialect = new PgDialect();

/** `$n` inside a fragment that is turned into fixed text. */
export const param = (n: number): SQL => sql.raw(`$${n}`);

/** The text of a fragment without parameters of its own (its placeholders are `param(n)`). */
export function textOf(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length) throw new Error('a fixed statement takes its parameters by position only');
  return query.sql;
}

function bind(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
}

export async function runFixed<T>(db: Db, name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values: [...values] })).rows as T[];
  return rowsOf<T>(await db.execute(bind(text, values)));
}
