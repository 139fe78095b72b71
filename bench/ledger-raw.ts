import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The baseline of `ledger.post_ratio_*`: the rows one HTTP post writes (its transaction, its
 * postings, its idempotency key with the stored response), inserted with one plain INSERT per
 * row and nothing else: no checks, no lookups, no running totals, no HTTP.
 */

export interface Post {
  id: number;
  /** The response body, stored with the key as the server stores it. */
  body: string;
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Posts `count` entries, `concurrency` at a time; seconds taken. */
export type Poster = (count: number, concurrency: number) => Promise<number>;

const COLUMNS = [
  'venue_id',
  'kind',
  'party_type',
  'party_id',
  'beneficiary_rider_id',
  'merchant_id',
  'consumable_id',
  'vec_id',
  'category',
  'description',
  'quantity',
  'unit_price_minor',
  'tax_type_id',
  'tax_rate_bp',
  'prices_include_tax',
  'net_minor',
  'tax_minor',
  'gross_minor',
  'fee_minor',
  'currency',
  'source',
  'created_by_user_id',
  'device_id',
];

/** Runs `count` jobs, `concurrency` at a time; seconds taken. */
export async function inParallel(
  count: number,
  concurrency: number,
  job: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await job(next++);
    }),
  );
  return (performance.now() - t0) / 1000;
}

async function rawPoster(query: Query, sample: Post, run: string): Promise<Poster> {
  const { rows } = await query(`SELECT ${COLUMNS.join(', ')} FROM transactions WHERE id = $1`, [sample.id]);
  const values = COLUMNS.map((c) => rows[0]![c]);
  const { rows: lines } = await query(
    'SELECT account_id, amount_minor FROM postings WHERE transaction_id = $1 ORDER BY id',
    [sample.id],
  );
  const columns = [...COLUMNS, 'occurred_at', 'recorded_at', 'idempotency_key'];
  const insertTransaction = `INSERT INTO transactions (${columns.join(', ')})
    VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`;
  let seq = 0;
  const one = async () => {
    const key = `${run}-${seq++}`;
    const now = new Date();
    const inserted = await query(insertTransaction, [...values, now, now, key]);
    const id = inserted.rows[0]!.id;
    for (const line of lines) {
      await query('INSERT INTO postings (transaction_id, account_id, amount_minor) VALUES ($1, $2, $3)', [
        id,
        line.account_id,
        line.amount_minor,
      ]);
    }
    await query(
      'INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response) VALUES ($1, $2, $3, $4, $5)',
      [1, key, createHash('sha256').update(key).digest('hex'), 201, sample.body],
    );
  };
  return (count, concurrency) => inParallel(count, concurrency, one);
}

/** Raw posts on PostgreSQL through a pool of `concurrency` connections; `close` ends the pool. */
export async function rawPostgres(url: string, sample: Post, concurrency: number) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  const post = await rawPoster((text, params) => pool.query(text, params), sample, 'raw-pg');
  return { post, close: () => pool.end() };
}

/** Raw posts on PGlite in this process, on the server's data directory (the server stopped). */
export async function rawPglite(dataDir: string, sample: Post) {
  const client = await PGlite.create({ dataDir });
  const post = await rawPoster((text, params) => client.query(text, params), sample, 'raw-pglite');
  return { post, close: () => client.close() };
}
