import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { transactions } from '../../db/schema';
import type { RequestUser } from '../../types';
import { loadContext } from './context.repo';
import { accountDeltas, postingLines, totalsOf } from './effects';
import { contextQueryOf, resolveEntry, type EntrySpec } from './entry';
import { isBoundViolation, writeJournal, type AuditRow } from './journal.repo';

/**
 * One entry that another use case makes (a compensation bill's credit), posted inside the
 * caller's database transaction through the ledger's own steps: the context, resolveEntry (who
 * may post, tax, bounds), the balanced postings and running totals, writeJournal. Its reference
 * (transactions.external_ref, unique) makes it once-only: when an entry with the reference
 * exists, that one is answered and nothing is posted. The caller serializes concurrent posts of
 * one reference (a row lock), so the unique index is the last guard, not the usual path.
 *
 * A field error of resolveEntry (the venue's limit for one entry, …) is the whole request's:
 * it comes back under `__all__`.
 */
export async function postOnce(
  tx: Db,
  request: FastifyRequest,
  user: RequestUser,
  spec: EntrySpec,
  externalRef: string,
  audit: AuditRow,
): Promise<{ id: number; created: boolean }> {
  const [found] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.externalRef, externalRef));
  if (found) return { id: found.id, created: false };

  const { context } = await loadContext(tx, contextQueryOf(user, spec, null));
  const entry = await resolveEntry(tx, user, spec, context).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'validation' && err.fields && !Array.isArray(err.fields)) {
      const codes = Object.values(err.fields)
        .flat()
        .filter((code): code is string => typeof code === 'string');
      throw new AppError('validation', { fields: { __all__: codes } });
    }
    throw err;
  });
  const [drawn] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT nextval('transactions_id_seq')::text AS id`));
  const id = Number(drawn!.id);
  const lines = postingLines(entry.figures);
  await writeJournal(tx, request, {
    venueId: spec.venueId,
    entries: [{ id, values: { ...entry.values, externalRef }, lines }],
    deltas: accountDeltas(lines, totalsOf(entry.figures, 1)),
    audit: { action: audit.action, details: { ...audit.details, transaction: id } },
  }).catch((err: unknown) => {
    throw isBoundViolation(err) ? new AppError('validation', { fields: { __all__: ['balance_out_of_range'] } }) : err;
  });
  return { id, created: true };
}
