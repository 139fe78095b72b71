import { sql } from 'drizzle-orm';
import type { BalanceCheck } from '@shared/schemas/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** At most this many offenders are listed (the counts stay exact in `ok`). */
const MAX_LISTED = 1000;

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Recomputes every running balance from the journal (DOMAIN.md "keep a check"), in two
 * set-based statements: each account's stored balance against the sum of its postings, and
 * every transaction's postings against zero. `venueId` narrows both to one venue.
 */
export async function checkBalances(db: Db, venueId?: number): Promise<BalanceCheck> {
  const started = performance.now();
  const venue = venueId ?? null;
  const [accounts] = rowsOf<{
    accounts: string | number;
    postings: string | number | null;
    total: string | number | null;
    mismatched: { account: number; stored: string; recomputed: string }[] | null;
  }>(
    await db.execute(sql`WITH sums AS (
        SELECT p.account_id, sum(p.amount_minor) AS total, count(*) AS n
        FROM postings p
        WHERE ${venue}::int IS NULL OR p.account_id IN (SELECT id FROM accounts WHERE venue_id = ${venue}::int)
        GROUP BY p.account_id
      ), compared AS (
        SELECT a.id, a.balance_minor AS stored, COALESCE(s.total, 0) AS recomputed, COALESCE(s.n, 0) AS n
        FROM accounts a LEFT JOIN sums s ON s.account_id = a.id
        WHERE ${venue}::int IS NULL OR a.venue_id = ${venue}::int
      )
      SELECT count(*) AS accounts, sum(n) AS postings, sum(recomputed) AS total,
        (SELECT json_agg(json_build_object('account', m.id, 'stored', m.stored::text, 'recomputed', m.recomputed::text))
          FROM (SELECT * FROM compared WHERE stored <> recomputed ORDER BY id LIMIT ${MAX_LISTED}) m) AS mismatched
      FROM compared`),
  );
  const unbalanced = rowsOf<{ id: string | number }>(
    await db.execute(sql`SELECT p.transaction_id AS id FROM postings p
      WHERE ${venue}::int IS NULL OR p.transaction_id IN (SELECT id FROM transactions WHERE venue_id = ${venue}::int)
      GROUP BY p.transaction_id HAVING sum(p.amount_minor) <> 0
      ORDER BY p.transaction_id LIMIT ${MAX_LISTED}`),
  ).map((row) => Number(row.id));
  const mismatched = (accounts?.mismatched ?? []).map((m) => ({
    account: m.account,
    stored: Number(m.stored),
    recomputed: Number(m.recomputed),
  }));
  const total = toNumber(accounts?.total);
  return {
    accounts: toNumber(accounts?.accounts),
    postings: toNumber(accounts?.postings),
    total,
    unbalanced_transactions: unbalanced,
    mismatched_accounts: mismatched,
    ok: total === 0 && !unbalanced.length && !mismatched.length,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
