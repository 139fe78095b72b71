import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { findStored, replayOf, type IdempotencyClaim, type Outcome, type StoredKey } from '../../http/idempotency';
import { AppError } from '../../app-error';
import { runFixed, textOf } from '../ledger/fixed-statement';
import { auditRowOf, type AuditRow } from '../ledger/journal.repo';
import { userName } from '../ledger/names';

/**
 * A floor write that is one row (a check-in, a sign-in, a vet inspection, a new attendee) in
 * one statement, as a charge is (post.repo): the row, its idempotency key with the answer and
 * the audit row, the id drawn by the statement and put into the answer and the audit details;
 * written only when the key is new (a concurrent request with the same key waits on the key,
 * then writes nothing and answers what the first stored). The statement is its own
 * transaction, so the venue's floor counter (taken by the row's insert) is held only while it
 * runs and commits — not across the round trips of a transaction of five statements, which
 * every other write of the venue waited for.
 */

export interface OneRowWrite<T> {
  table: PgTable;
  /** The row's values by the table's column keys (no id, no floor number). */
  values: Record<string, unknown>;
  claim: IdempotencyClaim;
  /** The answer with id 0 (and `recorded_by` null when `recordedBy` is given): the statement fills them in. */
  answer: T;
  /** The user whose name the answer's `recorded_by` is. */
  recordedBy?: number;
  audit: AuditRow;
  /** A sign-in: its participation's signed_in_at follows the latest event (the new one included). */
  signin?: true;
}

const statements = new Map<string, { name: string; text: string }>();

const tableName = (table: PgTable): string => (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')]!;

/** The statement of a table and a set of columns: fixed text, planned once per connection. */
function statementFor(table: PgTable, keys: readonly string[], named: boolean, signin: boolean) {
  const all = getTableColumns(table);
  const name = tableName(table);
  const id = `${name}|${keys.join(',')}|${named}|${signin}`;
  const known = statements.get(id);
  if (known) return known;
  // $1 user, $2 key, $3 request hash, $4 answer, $5 audit row, $6 the answer's user; values from $7.
  const columns = keys.map((key, i) => ({ name: all[key]!.name, param: `$${i + 7}::${all[key]!.getSQLType()}` }));
  let answer = `jsonb_set($4::jsonb, '{id}', to_jsonb(nid.id))`;
  if (named) answer = `jsonb_set(${answer}, '{recorded_by}', to_jsonb(${textOf(userName(sql.raw('$6::int')))}))`;
  const param = (column: string) => columns.find((c) => c.name === column)!.param;
  const signedIn = signin
    ? `, vp AS (UPDATE venue_participations SET signed_in_at = (
        SELECT CASE WHEN s.action = 'in' THEN s.occurred_at END FROM (
          SELECT action, occurred_at, id FROM rider_signins WHERE venue_participation_id = ${param('venue_participation_id')}
          UNION ALL SELECT ${param('action')}, ${param('occurred_at')}, e.id FROM e) s
        ORDER BY s.occurred_at DESC, s.id DESC LIMIT 1)
      WHERE id = ${param('venue_participation_id')} AND EXISTS (SELECT 1 FROM e))`
    : '';
  const text = `WITH nid AS (SELECT nextval(pg_get_serial_sequence('${name}', 'id')) AS id),
  k AS (INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
    SELECT $1::int, $2::text, $3::text, 201, ${answer} FROM nid
    ON CONFLICT DO NOTHING RETURNING response),
  e AS (INSERT INTO ${name} (id, ${columns.map((c) => c.name).join(', ')})
    SELECT nid.id, ${columns.map((c) => c.param).join(', ')} FROM nid WHERE EXISTS (SELECT 1 FROM k)
    RETURNING id),
  au AS (INSERT INTO audit_log (actor_user_id, impersonator_id, action, ip, user_agent, details)
    SELECT a.actor_user_id, a.impersonator_id, a.action, a.ip, a.user_agent, jsonb_set(a.details, '{id}', to_jsonb(e.id))
    FROM json_populate_record(NULL::audit_log, $5::json) a, e)${signedIn}
SELECT (SELECT response FROM k) AS answer, $6::int AS named_by`;
  const statement = { name: `floor.one.${name}.${statements.size}`, text };
  statements.set(id, statement);
  return statement;
}

/** Writes the row once per key; answers its answer, or the one stored with the key. */
export async function writeOneRow<T>(db: Db, request: FastifyRequest, write: OneRowWrite<T>): Promise<Outcome<T>> {
  const keys = Object.keys(write.values).filter((key) => write.values[key] !== undefined);
  const named = write.recordedBy !== undefined;
  const { name, text } = statementFor(write.table, keys, named, write.signin !== undefined);
  const values = keys.map((key) => {
    const value = write.values[key];
    return value instanceof Date ? value.toISOString() : value;
  });
  const [row] = await runFixed<{ answer: T | null }>(db, name, text, [
    write.claim.userId,
    write.claim.key,
    write.claim.requestHash,
    JSON.stringify(write.answer),
    JSON.stringify(auditRowOf(request, write.audit)),
    write.recordedBy ?? null,
    ...values,
  ]);
  if (row?.answer) return { status: 201, body: row.answer, replayed: false };
  // The key was there: what the first request stored.
  const stored = await findStored(db, write.claim);
  if (!stored || stored.status === 0) throw new AppError('conflict');
  return replayOf<T>(write.claim, stored);
}

/**
 * What a write refers to (`lookup`: one row or none, as JSON) and the answer stored with its key,
 * read in one statement: a key done before answers first, as its endpoint always answered.
 */
export async function lookupWithKey<T>(
  db: Db,
  claim: IdempotencyClaim,
  lookup: SQL,
): Promise<{ found: T | null; stored: StoredKey | null }> {
  const [row] = rowsOf<{ found: T | null; stored: StoredKey | null }>(
    await db.execute(sql`SELECT (SELECT row_to_json(x) FROM (${lookup}) x LIMIT 1) AS found,
      (SELECT json_build_object('requestHash', request_hash, 'status', status_code, 'body', response)
        FROM idempotency_keys WHERE user_id = ${claim.userId} AND key = ${claim.key} AND status_code > 0) AS stored`),
  );
  return { found: row?.found ?? null, stored: row?.stored ?? null };
}
