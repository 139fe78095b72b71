import { and, eq } from 'drizzle-orm';
import { UNDO_WINDOW_MS } from '@shared/schemas/floor-undo';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import type { RequestUser } from '../../types';
import { canActOnVenue } from '../venue/venue-access';
import type { TransactionRow } from './wire';

/*
 * The stable's undo. Corrections are the show office's (policy
 * 'transaction.correct'); the one exception: whoever posted a charge may reverse it themselves
 * while it is fresh, so a mistyped charge at the stable is undone at once. The rule, checked
 * here on the locked entry: a charge (not a reversal, not invoiced, not reversed yet), created by
 * this user, at a venue this user works at, recorded by the server at most UNDO_WINDOW_MS ago.
 */

/** May `user` undo `row` at `now`? (Invoiced and already reversed entries are refused later, as 400.) */
export function mayUndo(user: RequestUser, row: TransactionRow, now = Date.now()): boolean {
  return (
    row.kind === 'charge' &&
    row.createdByUserId === user.id &&
    canActOnVenue(user, row.venueId) &&
    now - row.recordedAt.getTime() <= UNDO_WINDOW_MS
  );
}

/** The id of the venue's entry posted with `key` by `user` (404 when there is none). */
export async function entryOfKey(tx: Db, venue: number, key: string, user: RequestUser): Promise<number> {
  const [row] = await tx
    .select({ id: transactions.id, author: transactions.createdByUserId })
    .from(transactions)
    .where(and(eq(transactions.venueId, venue), eq(transactions.idempotencyKey, key), eq(transactions.kind, 'charge')))
    .limit(1);
  if (!row) throw new AppError('not_found');
  // Someone else's key names their entry: not this user's to undo.
  if (row.author !== user.id) throw new AppError('forbidden');
  return row.id;
}
