import { getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { IdempotencyClaim, Response } from '../../http/idempotency';
import type { AccountDelta, PostingLine } from './effects';
import type { EntryValues } from './entry';
import { runFixed } from './fixed-statement';
import { countLedgerEntries } from '../../plugins/metrics';

export interface JournalEntry {
  /** Drawn beforehand, so postings, responses and the audit name it before it is written. */
  id: number;
  /** `externalRef`: a reference that must never post twice (transactions_external_ref_key). */
  values: EntryValues & { reversalOfId?: number | null; externalRef?: string | null };
  lines: PostingLine[];
}

export interface AuditRow {
  action: string;
  details: Record<string, unknown>;
}

export interface JournalWrite {
  venueId: number;
  entries: readonly JournalEntry[];
  /** One per account, in lock order (accountDeltas). */
  deltas: readonly AccountDelta[];
  /** The idempotency key and the response stored with it, when the write claims one. */
  claim?: { claim: IdempotencyClaim; response: Response<unknown> };
  audit: AuditRow;
}

/** The accounts' check constraints that bound every running total and the turnover (ACCOUNT_BOUND_MINOR). */
const BOUND_CONSTRAINTS = ['accounts_bound_check', 'accounts_volume_check'];

/** True when a write failed because an account's running total would pass its bound. */
export function isBoundViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23514') {
      return BOUND_CONSTRAINTS.some(
        (name) => constraint === name || (typeof message === 'string' && message.includes(name)),
      );
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** [property, column name] of every transaction column. */
const columns = Object.entries(getTableColumns(transactions)).map(([key, column]) => [key, column.name] as const);
export const transactionColumns = columns.map(([, name]) => name).join(', ');

/**
 * The CTE `acc`: add the deltas (JSON rows in parameter `deltas`, venue in $1) to the accounts'
 * running totals, creating missing accounts; `guard` is a condition the rows are written under.
 */
export const accountsCte = (deltas: string, guard?: string) => `acc AS (
    INSERT INTO accounts AS a (venue_id, kind, party_type, party_id, balance_minor, charged_minor, tax_minor, paid_minor, volume_minor, posting_count)
    SELECT $1::int, d.kind, d.party_type, d.party_id, d.balance, d.charged, d.tax, d.paid, d.volume, d.postings
    FROM json_to_recordset(${deltas}::json) AS d (kind text, party_type text, party_id int, balance bigint,
      charged bigint, tax bigint, paid bigint, volume bigint, postings bigint)${guard ? `\n    WHERE ${guard}` : ''}
    ON CONFLICT (venue_id, kind, party_type, party_id) DO UPDATE SET
      balance_minor = a.balance_minor + excluded.balance_minor,
      charged_minor = a.charged_minor + excluded.charged_minor,
      tax_minor = a.tax_minor + excluded.tax_minor,
      paid_minor = a.paid_minor + excluded.paid_minor,
      volume_minor = a.volume_minor + excluded.volume_minor,
      posting_count = a.posting_count + excluded.posting_count
    RETURNING a.id, a.kind, a.party_type, a.party_id)`;

/**
 * The whole journal write as one fixed statement: upsert the accounts' running totals (creating
 * missing accounts; rows in lock order), insert the transactions and their postings, the
 * idempotency key (a concurrent request with the same key makes this insert wait, then fail:
 * nothing of the statement stays) and the audit row. Rows travel as JSON.
 */
const WRITE = `WITH
  ${accountsCte('$2')},
  t AS (
    INSERT INTO transactions (${transactionColumns})
    SELECT ${transactionColumns} FROM json_populate_recordset(NULL::transactions, $3::json)
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
    FROM json_populate_recordset(NULL::idempotency_keys, $5::json)),
  au AS (
    INSERT INTO audit_log (actor_user_id, impersonator_id, action, ip, user_agent, details)
    SELECT actor_user_id, impersonator_id, action, ip, user_agent, details
    FROM json_populate_recordset(NULL::audit_log, $6::json))
SELECT (SELECT count(*) FROM t)::int AS entries, (SELECT count(*) FROM p)::int AS postings`;

/** A row as the database names its columns. */
function rowOf(entry: JournalEntry): Record<string, unknown> {
  const values = entry.values as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, name] of columns) row[name] = key === 'id' ? entry.id : (values[key] ?? null);
  return row;
}

/** The transactions and posting lines of entries, as the database names their columns. */
export function journalRows(entries: readonly JournalEntry[]) {
  const lines = entries.flatMap((entry) =>
    entry.lines.map((l) => ({
      transaction_id: entry.id,
      kind: l.kind,
      party_type: l.partyType,
      party_id: l.partyId,
      amount: l.amount,
    })),
  );
  return { transactions: entries.map(rowOf), lines };
}

/** The audit row of a request, as the database names its columns. */
export const auditRowOf = (request: FastifyRequest, audit: AuditRow) => ({
  actor_user_id: request.user?.id ?? null,
  impersonator_id: request.user?.impersonatorId ?? null,
  action: audit.action,
  ip: request.ip,
  user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
  details: audit.details,
});

/** Writes entries with their postings, running totals, idempotency key and audit row, at once. */
export async function writeJournal(db: Db, request: FastifyRequest, write: JournalWrite): Promise<void> {
  const { transactions: rows, lines } = journalRows(write.entries);
  const deltas = write.deltas.map((d) => ({ ...d, party_type: d.partyType, party_id: d.partyId }));
  const key = write.claim && {
    user_id: write.claim.claim.userId,
    key: write.claim.claim.key,
    request_hash: write.claim.claim.requestHash,
    status_code: write.claim.response.status,
    response: write.claim.response.body ?? null,
  };
  const audit = auditRowOf(request, write.audit);
  const [row] = await runFixed<{ entries: number; postings: number }>(db, 'ledger.write', WRITE, [
    write.venueId,
    JSON.stringify(deltas),
    JSON.stringify(rows),
    JSON.stringify(lines),
    JSON.stringify(key ? [key] : []),
    JSON.stringify([audit]),
  ]);
  if (row?.entries !== write.entries.length || row.postings !== lines.length)
    throw new Error('journal write lost rows');
  // For the metrics (a transaction rolled back after this write still counts: a rare error case).
  countLedgerEntries(request, write.audit.action, write.entries.length);
}
