import type { FastifyRequest } from 'fastify';
import { fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../types';
import { figuresOf, negatedLines, reversalValues } from './correction';
import { accountDeltas, totalsOf } from './effects';
import { isBoundViolation, writeJournal, type JournalEntry } from './journal.repo';
import { createLedgerRepo } from './ledger.repo';

/**
 * The reversals of invoiced entries that a credit note cancels: each entry's exact
 * negation, posted in the caller's transaction and marked as billed by the credit note. Only a
 * credit note may reverse an invoiced entry; the ledger's own corrections refuse it (locked).
 */
export async function reverseInvoiced(
  tx: Db,
  request: FastifyRequest,
  user: RequestUser,
  input: { venueId: number; invoiceId: number; creditNoteId: number; transactionIds: readonly number[] },
): Promise<void> {
  const repo = createLedgerRepo(tx);
  const entries: JournalEntry[] = [];
  const totals: ReturnType<typeof totalsOf> = [];
  for (const id of [...input.transactionIds].sort((a, b) => a - b)) {
    const found = await repo.lockForCorrection(id, tx);
    if (!found || found.row.invoiceId !== input.invoiceId || found.row.venueId !== input.venueId) {
      throw fieldError('lines', 'not_on_invoice');
    }
    if (found.reversedBy !== null || found.row.kind === 'reversal') throw fieldError('lines', 'already_credited');
    totals.push(...totalsOf(figuresOf(found.row), -1));
    entries.push({
      id: found.ids[0],
      values: {
        ...reversalValues(found.row, user, null, null),
        invoiceId: input.creditNoteId,
      } as JournalEntry['values'],
      lines: negatedLines(found.lines),
    });
  }
  if (!entries.length) return;
  await writeJournal(tx, request, {
    venueId: input.venueId,
    entries,
    deltas: accountDeltas(
      entries.flatMap((e) => e.lines),
      totals,
    ),
    audit: {
      action: 'invoice.credit_note',
      details: { invoice: input.invoiceId, creditNote: input.creditNoteId, reversed: input.transactionIds },
    },
  }).catch((err: unknown) => {
    if (isBoundViolation(err)) throw fieldError('__all__', 'balance_out_of_range');
    throw err;
  });
}
