import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { contextJson, contextParams, contextSql, type ContextQuery, type EntryContext } from './context.repo';
import type { AccountDelta } from './effects';
import { runFixed, textOf } from './fixed-statement';
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

/**
 * The contexts of many entries in one statement whose text depends only on the party types
 * among them, so PostgreSQL plans it once per connection (a text that grew with the batch was
 * planned anew each time: 0.4 s of the server for a tablet's 50 queued charges). Each context
 * is the single post's own SQL (contextSql), run LATERAL over a row of its parameters: `q.p1` …
 * `q.p10` in place of `$1` … `$10`, with the order `q.ord` and, for the guard, the hash `q.hash`.
 */
const RECORD =
  'q(ord int, t text, p1 int, p2 int, p3 int, p4 int, p5 int, p6 text, p7 int, p8 int, p9 timestamptz, p10 int, hash text)';

const lateralOf = (partyType: PartyType): string => {
  const { ctes, row } = contextSql(partyType);
  const text = textOf(sql`WITH ${ctes}, ${contextJson(row)} SELECT f.context AS context, f.hash AS hash FROM f`);
  return text.replace(/\$(\d+)/g, (_, n: string) => `q.p${n}`);
};

/** Every context of the rows of `param` (JSON, contextRows), with `select` over `q` and `c`. */
const contextsOf = (types: readonly PartyType[], param: string, select: string): string =>
  types
    .map(
      (type) =>
        `SELECT ${select} FROM json_to_recordset(${param}::json) AS ${RECORD}
  CROSS JOIN LATERAL (${lateralOf(type)}) c WHERE q.t = '${type}'`,
    )
    .join('\nUNION ALL\n');

/** The party types of `queries`, in a fixed order: the statement's shape. */
const typesOf = (queries: readonly ContextQuery[]): PartyType[] =>
  PARTY_TYPES.filter((type) => queries.some((q) => q.partyType === type));

/** The parameter rows of `queries` (RECORD), with the hash each is to have. */
const contextRows = (queries: readonly ContextQuery[], hashes?: readonly string[]): string =>
  JSON.stringify(
    queries.map((q, ord) => {
      const [p1, p2, p3, p4, p5, p6, p7, p8, p9, p10] = contextParams(q);
      return { ord, t: q.partyType, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, hash: hashes?.[ord] ?? null };
    }),
  );

const texts = new Map<string, string>();
/** Statement texts by shape (a batch of a show repeats the same one or two). */
function cached(key: string, build: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    text = build();
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
  const types = typesOf(queries);
  const name = `ledger.batch.read.${types.join('.')}`;
  const text = cached(name, () => contextsOf(types, '$1', 'q.ord, c.context, c.hash'));
  const rows = await runFixed<{ ord: number; context: EntryContext; hash: string }>(db, name, text, [
    contextRows(queries),
  ]);
  const byOrd = new Map(rows.map((row) => [Number(row.ord), row]));
  return queries.map((_, i) => {
    const row = byOrd.get(i);
    if (!row) throw new Error('context query answered nothing');
    return { context: row.context, hash: row.hash };
  });
}

/** `count` new transaction ids, ascending, in one statement. */
export async function drawIds(db: Db, count: number): Promise<number[]> {
  const [drawn] = await runFixed<{ ids: string }>(db, 'ledger.batch.ids', DRAW_IDS, [count]);
  return drawn!.ids.split(',').map(Number);
}

const DRAW_IDS = `SELECT string_agg(nextval('transactions_id_seq')::text, ',') AS ids FROM generate_series(1, $1::int)`;

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
  const types = typesOf(write.guards.map((g) => g.query));
  const name = `ledger.batch.write.${types.join('.')}`;
  const text = cached(name, () => {
    const same = contextsOf(types, '$7', 'c.hash = q.hash AS same');
    return `WITH g AS (SELECT COALESCE(bool_and(s.same), false) AS ok FROM (${same}) s),
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
  const [row] = await runFixed<{ ok: boolean; entries: number; postings: number }>(db, name, text, [
    write.venueId,
    JSON.stringify(deltas),
    JSON.stringify(transactions),
    JSON.stringify(lines),
    JSON.stringify(keys),
    JSON.stringify(write.audits.map((audit) => auditRowOf(request, audit))),
    contextRows(
      write.guards.map((g) => g.query),
      write.guards.map((g) => g.hash),
    ),
  ]);
  if (!row?.ok) return false;
  if (row.entries !== write.entries.length || row.postings !== lines.length) throw new Error('journal write lost rows');
  return true;
}
