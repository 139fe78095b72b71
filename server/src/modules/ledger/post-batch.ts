import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { contextJson, contextParams, contextSql, type ContextQuery, type EntryContext } from './context.repo';
import type { AccountDelta } from './effects';
import { textOf } from './fixed-statement';
import {
  accountsCte,
  auditRowOf,
  journalRows,
  transactionColumns,
  type AuditRow,
  type JournalEntry,
} from './journal.repo';

/**
 * Many new entries of one venue in a fixed number of round trips (the floor's batched push): the
 * contexts they were resolved against are read in one statement, and one statement writes them
 * all — accounts' running totals, transactions, postings, idempotency keys with their responses,
 * audit rows — only if every context is still what the entries were resolved against (the same
 * guard as a single post's, post.repo). So no entry is priced, taxed or authorized on anything
 * but the data it commits with; when a context changed, nothing is written.
 */

/** Parameters a context takes (contextParams). */
const CONTEXT_PARAMS = 10;

/** The context SQL of a party type with its parameters moved up by `offset` (they are `$1`… `$10`). */
const contextTextOf = (partyType: PartyType, offset: number): string => {
  const { ctes, row } = contextSql(partyType);
  const text = textOf(sql`WITH ${ctes}, ${contextJson(row)} SELECT f.context AS context, f.hash AS hash FROM f`);
  return text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
};

const texts = new Map<string, string>();
/** Statement texts by shape (cached: a batch of a show repeats the same few shapes). */
function cached(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
    if (texts.size > 500) texts.clear();
    texts.set(key, text);
  }
  return text;
}

export interface ReadContext {
  context: EntryContext;
  hash: string;
}

/** The contexts of `queries` as they are now, in order, in one statement. */
export async function readContexts(db: Db, queries: readonly ContextQuery[]): Promise<ReadContext[]> {
  if (!queries.length) return [];
  const shape = queries.map((q) => q.partyType).join(',');
  const text = cached(`read:${shape}`, () =>
    queries
      .map((q, i) => `SELECT ${i} AS ord, c.context, c.hash FROM (${contextTextOf(q.partyType, i * CONTEXT_PARAMS)}) c`)
      .join('\nUNION ALL\n'),
  );
  const rows = rowsOf<{ ord: number; context: EntryContext; hash: string }>(
    await db.execute(bind(text, queries.flatMap(contextParams))),
  );
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return queries.map((_, i) => {
    const row = byOrd.get(i);
    if (!row) throw new Error('context query answered nothing');
    return { context: row.context, hash: row.hash };
  });
}

/** `count` new transaction ids, ascending, in one statement. */
export async function drawIds(db: Db, count: number): Promise<number[]> {
  const [drawn] = rowsOf<{ ids: string }>(
    await db.execute(sql`SELECT string_agg(nextval('transactions_id_seq')::text, ',') AS ids
      FROM generate_series(1, ${count}::int)`),
  );
  return drawn!.ids.split(',').map(Number);
}

export interface GuardedWrite {
  venueId: number;
  /** The contexts the entries were resolved against, with the hash each had. */
  guards: readonly { query: ContextQuery; hash: string }[];
  entries: readonly JournalEntry[];
  /** One per account, in lock order (accountDeltas). */
  deltas: readonly AccountDelta[];
  /** Each entry's key and the response stored with it. */
  keys: readonly { userId: number; key: string; requestHash: string; status: number; response: unknown }[];
  audits: readonly AuditRow[];
}

/**
 * Writes the entries at once if every guarded context is unchanged; answers false (nothing
 * written) if one changed. A key claimed meanwhile, or a running total past its bound, fails the
 * statement as a single post's does (nothing of it stays).
 */
export async function writeGuarded(db: Db, request: FastifyRequest, write: GuardedWrite): Promise<boolean> {
  const FIRST = 7;
  const shape = write.guards.map((g) => g.query.partyType).join(',');
  const text = cached(`write:${shape}`, () => {
    const hashParam = FIRST + write.guards.length * CONTEXT_PARAMS;
    const checks = write.guards
      .map(
        (g, i) =>
          `(SELECT c.hash FROM (${contextTextOf(g.query.partyType, FIRST - 1 + i * CONTEXT_PARAMS)}) c) = ($${hashParam}::json->>${i})`,
      )
      .join('\n    AND ');
    return `WITH g AS (SELECT (${checks}) AS ok),
  ${accountsCte('$2', '(SELECT ok FROM g)')},
  t AS (
    INSERT INTO transactions (${transactionColumns})
    SELECT ${transactionColumns} FROM json_populate_recordset(NULL::transactions, $3::json) WHERE (SELECT ok FROM g)
    RETURNING id),
  p AS (
    INSERT INTO postings (transaction_id, account_id, amount_minor)
    SELECT l.transaction_id, acc.id, l.amount
    FROM json_to_recordset($4::json) AS l (transaction_id bigint, kind text, party_type text, party_id int, amount bigint)
    JOIN acc ON acc.kind = l.kind AND acc.party_type = l.party_type AND acc.party_id = l.party_id
    RETURNING 1),
  k AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
    SELECT user_id, key, request_hash, status_code, response
    FROM json_populate_recordset(NULL::idempotency_keys, $5::json) WHERE (SELECT ok FROM g)),
  au AS (
    INSERT INTO audit_log (actor_user_id, impersonator_id, action, ip, user_agent, details)
    SELECT actor_user_id, impersonator_id, action, ip, user_agent, details
    FROM json_populate_recordset(NULL::audit_log, $6::json) WHERE (SELECT ok FROM g))
SELECT (SELECT ok FROM g) AS ok, (SELECT count(*) FROM t)::int AS entries, (SELECT count(*) FROM p)::int AS postings`;
  });
  const { transactions, lines } = journalRows(write.entries);
  const deltas = write.deltas.map((d) => ({ ...d, party_type: d.partyType, party_id: d.partyId }));
  const keys = write.keys.map((k) => ({
    user_id: k.userId,
    key: k.key,
    request_hash: k.requestHash,
    status_code: k.status,
    response: k.response,
  }));
  const [row] = rowsOf<{ ok: boolean; entries: number; postings: number }>(
    await db.execute(
      bind(text, [
        write.venueId,
        JSON.stringify(deltas),
        JSON.stringify(transactions),
        JSON.stringify(lines),
        JSON.stringify(keys),
        JSON.stringify(write.audits.map((audit) => auditRowOf(request, audit))),
        ...write.guards.flatMap((g) => contextParams(g.query)),
        JSON.stringify(write.guards.map((g) => g.hash)),
      ]),
    ),
  );
  if (!row?.ok) return false;
  if (row.entries !== write.entries.length || row.postings !== lines.length) throw new Error('journal write lost rows');
  return true;
}

/** A statement text with `$n` placeholders bound to `values` (drizzle sends them as parameters). */
function bind(text: string, values: readonly unknown[]) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
}
