import { getTableColumns, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PARTY_TYPES, type PartyType } from '@shared/ledger';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { IdempotencyClaim } from '../../http/idempotency';
import { contextJson, contextParams, contextSql, type ContextQuery, type EntryContext } from './context.repo';
import type { AccountDelta, PostingLine } from './effects';
import type { EntryValues } from './entry';
import { runFixed, textOf } from './fixed-statement';
import { accountsCte, auditRowOf, type AuditRow } from './journal.repo';
import { countLedgerEntries } from '../../plugins/metrics';

/** The columns a new entry sets (EntryValues), as parameters from $20 on, typed as the table's. */
const FIRST_VALUE = 20;
const valueColumns = Object.entries(getTableColumns(transactions))
  .filter(([key]) => !['id', 'invoiceId', 'reversalOfId', 'externalRef', 'floorSeq'].includes(key))
  .map(([key, column], i) => ({
    key: key as keyof EntryValues,
    name: column.name,
    param: `$${FIRST_VALUE + i}::${column.getSQLType()}`,
  }));

/**
 * A new entry in one round trip (the posting figure of the bench): the entry is resolved in JS against
 * a context read earlier (by this request or, remembered, by an earlier one), and the writing
 * statement reads the context again, in its own snapshot, and writes only if it is still the
 * same. So an entry is never priced, taxed or authorized on anything but the data it commits
 * with; when something changed, nothing is written and the statement answers the context as it
 * is now, to resolve the entry again.
 *
 * The statement draws the entry's id (the stored response and the audit row get it patched in)
 * and writes what `writeJournal` writes for one entry: the accounts' running totals (creating
 * missing accounts; rows in lock order), the transaction, its postings, the idempotency key
 * with the response (a concurrent request with the same key makes this insert wait, then fail:
 * nothing of the statement stays) and the audit row. $1..$10 are the context's parameters.
 */
const postOf = (partyType: PartyType) => {
  const { ctes, row } = contextSql(partyType);
  const names = ['id', ...valueColumns.map((c) => c.name)].join(', ');
  const values = ['nid.id', ...valueColumns.map((c) => c.param)].join(', ');
  return textOf(sql`WITH ${ctes},
  ${contextJson(row)},
  g AS (SELECT context, hash, hash = $11::text AS ok FROM f),
  nid AS (SELECT nextval('transactions_id_seq') AS id FROM g WHERE g.ok),
  ${sql.raw(accountsCte('$12', '(SELECT ok FROM g)'))},
  t AS (
    INSERT INTO transactions (${sql.raw(names)})
    SELECT ${sql.raw(values)} FROM nid
    RETURNING id),
  p AS (
    INSERT INTO postings (transaction_id, account_id, amount_minor)
    SELECT nid.id, acc.id, l.amount
    FROM json_to_recordset($13::json) AS l (kind text, party_type text, party_id int, amount bigint)
    JOIN acc ON acc.kind = l.kind AND acc.party_type = l.party_type AND acc.party_id = l.party_id
    CROSS JOIN nid
    RETURNING 1),
  ik AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
    SELECT $14::int, $15::text, $16::text, $17::int, jsonb_set($18::jsonb, '{id}', to_jsonb(nid.id)) FROM nid),
  au AS (
    INSERT INTO audit_log (actor_user_id, impersonator_id, action, ip, user_agent, details)
    SELECT a.actor_user_id, a.impersonator_id, a.action, a.ip, a.user_agent, jsonb_set(a.details, '{id}', to_jsonb(nid.id))
    FROM json_populate_record(NULL::audit_log, $19::json) a, nid)
SELECT g.ok AS "ok", CASE WHEN g.ok THEN NULL ELSE g.context END AS "fresh", g.hash AS "hash", (SELECT id FROM nid)::text AS "id",
  (SELECT count(*) FROM t)::int AS "entries", (SELECT count(*) FROM p)::int AS "postings"
FROM g`);
};

const POST = Object.fromEntries(PARTY_TYPES.map((type) => [type, postOf(type)])) as Record<PartyType, string>;

export interface PostWrite {
  /** The context the entry was resolved against, and its hash (`guard`). */
  query: ContextQuery;
  guard: string;
  values: EntryValues;
  lines: readonly PostingLine[];
  /** One per account, in lock order (accountDeltas). */
  deltas: readonly AccountDelta[];
  claim: IdempotencyClaim;
  /** The response stored with the key, as JSON; its `id` is the entry's. */
  response: { status: number; json: string };
  /** The audit row; its details' `id` is the entry's. */
  audit: AuditRow;
}

export type PostOutcome = { ok: true; id: number } | { ok: false; fresh: EntryContext; hash: string };

const deltaRow = (d: AccountDelta) => ({
  kind: d.kind,
  party_type: d.partyType,
  party_id: d.partyId,
  balance: d.balance,
  charged: d.charged,
  tax: d.tax,
  paid: d.paid,
  volume: d.volume,
  postings: d.postings,
});

const lineRow = (l: PostingLine) => ({ kind: l.kind, party_type: l.partyType, party_id: l.partyId, amount: l.amount });

/** Writes the entry if its context is unchanged; else answers the context as it is now. */
export async function writePost(db: Db, request: FastifyRequest, write: PostWrite): Promise<PostOutcome> {
  const { claim, lines } = write;
  const [row] = await runFixed<{
    ok: boolean;
    fresh: EntryContext | null;
    hash: string;
    id: string | null;
    entries: number;
    postings: number;
  }>(db, `ledger.post.${write.query.partyType}`, POST[write.query.partyType], [
    ...contextParams(write.query),
    write.guard,
    JSON.stringify(write.deltas.map(deltaRow)),
    JSON.stringify(lines.map(lineRow)),
    claim.userId,
    claim.key,
    claim.requestHash,
    write.response.status,
    write.response.json,
    JSON.stringify(auditRowOf(request, write.audit)),
    ...valueColumns.map((c) => write.values[c.key] ?? null),
  ]);
  if (!row) throw new Error('post statement answered nothing');
  if (!row.ok) {
    if (!row.fresh) throw new Error('post statement answered no context');
    return { ok: false, fresh: row.fresh, hash: row.hash };
  }
  if (row.id === null || row.entries !== 1 || row.postings !== lines.length) throw new Error('journal write lost rows');
  countLedgerEntries(request, write.audit.action);
  return { ok: true, id: Number(row.id) };
}
