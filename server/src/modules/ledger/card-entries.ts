import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isBalanced, MAX_ENTRY_MINOR, type PartyType } from '@shared/ledger';
import { fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accountDeltas, totalsOf, type AccountDelta, type PostingLine } from './effects';
import type { EntryValues } from './entry';
import { isBoundViolation, writeJournal, type AuditRow } from './journal.repo';
import { settlementValues } from './system-postings';

/**
 * The ledger entries of card payments, posted by the provider's confirmation (the
 * signed webhook) or a refund the provider confirmed, each once by its reference:
 *
 *   payment `pi:<intent>`  kind payment, source card: party +amount, card −(amount − fee),
 *                          card_fees −fee. The provider keeps its fee out of what it pays the
 *                          venue: the fee sits in the entry as a sale's merchant fee does
 *                          (fee_minor), so the card clearing account holds what the provider
 *                          owes the venue and card_fees its cost. One entry, not two: a second
 *                          entry would have no party, and every reader of the ledger (lists,
 *                          floor feed, invoices, reports) expects one.
 *   refund  `re:<refund>`  kind payout, source card: party −amount, card +amount. Money paid back
 *                          to the party through its card (a payout by card); the party owes
 *                          again what was refunded. The provider does not return its fee on a
 *                          refund, so card_fees stays. A partial refund is just a smaller payout;
 *                          the payment entry itself is never reversed (a reversal cancels a whole
 *                          entry, once).
 *   re-credit `rf:<refund>` a refund the provider reported succeeded and then failed: kind
 *                          payment, source card (party +amount, card −amount).
 *
 * Written by writeJournal in one statement inside the caller's transaction: balanced, amounts
 * within the hard cap, running totals (a payment's `paid`), the accounts' bounds. Once by the
 * reference: the caller holds the card payment's row lock and posts only when the row has no
 * entry yet; transactions.external_ref is unique, the last guard. (The webhook is benchmarked:
 * no look-up of the reference, the entry's id drawn with the row lock.)
 */

export interface CardEntry {
  values: EntryValues;
  lines: PostingLine[];
  /** Running totals besides the balance (a payment's `paid`). */
  totals: AccountDelta[];
  externalRef: string;
}

export interface CardEntryInput {
  venueId: number;
  currency: string;
  partyType: PartyType;
  partyId: number;
  amount: number;
  /** The provider's fee (payments only; 0 when it is not known). */
  fee: number;
  description: string;
  occurredAt: Date;
  /** Who made it happen (the office refunding); null for the provider's webhook. */
  userId: number | null;
  impersonatorId: number | null;
}

const valuesOf = (kind: 'payment' | 'payout', input: CardEntryInput): EntryValues =>
  settlementValues({
    ...input,
    kind,
    merchantId: null,
    fee: kind === 'payment' ? input.fee : 0,
    pricesIncludeTax: true,
    source: 'card',
  });

const venueAccount = (kind: 'card' | 'card_fees', amount: number): PostingLine => ({
  kind,
  partyType: '',
  partyId: 0,
  amount,
});

const figures = (kind: 'payment' | 'payout', input: CardEntryInput) => ({
  kind,
  partyType: input.partyType,
  partyId: input.partyId,
  merchantId: null,
  category: 'other',
  source: 'card',
  taxRateBp: 0,
  gross: input.amount,
  net: input.amount,
  tax: 0,
  fee: kind === 'payment' ? input.fee : 0,
});

/** A confirmed card payment with the provider's fee (reference `pi:<intent id>`). */
export function cardPaymentEntry(input: CardEntryInput, externalRef: string): CardEntry {
  if (input.amount <= 0 || input.fee < 0 || input.fee > input.amount)
    throw new Error('card payment amounts out of order');
  const party: PostingLine = {
    kind: 'party',
    partyType: input.partyType,
    partyId: input.partyId,
    amount: input.amount,
  };
  const lines = [
    party,
    venueAccount('card', -(input.amount - input.fee)),
    venueAccount('card_fees', -input.fee),
  ].filter((line) => line.amount !== 0);
  return { values: valuesOf('payment', input), lines, totals: totalsOf(figures('payment', input), 1), externalRef };
}

/** A refund to the card (reference `re:<refund id>`). */
export function cardRefundEntry(input: CardEntryInput, externalRef: string): CardEntry {
  if (input.amount <= 0) throw new Error('card refund amount out of order');
  return {
    values: valuesOf('payout', input),
    lines: [
      {
        kind: 'party',
        partyType: input.partyType,
        partyId: input.partyId,
        amount: -input.amount,
      } satisfies PostingLine,
      venueAccount('card', input.amount),
    ],
    totals: totalsOf(figures('payout', input), 1),
    externalRef,
  };
}

/** A refund that failed after it was posted: the money is back with the venue (reference `rf:<refund id>`). */
export function failedRefundEntry(input: CardEntryInput, externalRef: string): CardEntry {
  return cardPaymentEntry({ ...input, fee: 0 }, externalRef);
}

/** A fresh transaction id (`nextTransactionId` SQL draws one inside another query). */
export const nextTransactionId = sql<string>`nextval('transactions_id_seq')::text`;

/** Posts a card entry under `id` (drawn beforehand, or here); answers the id. */
export async function postCardEntry(
  tx: Db,
  request: FastifyRequest,
  entry: CardEntry,
  audit: AuditRow,
  id?: number,
): Promise<number> {
  const { grossMinor, netMinor, taxMinor, venueId } = entry.values;
  if (!isBalanced(entry.lines)) throw new Error('unbalanced journal entry');
  const amounts = [grossMinor, netMinor, taxMinor, ...entry.lines.map((l) => l.amount)];
  if (amounts.some((amount) => !Number.isSafeInteger(amount) || Math.abs(amount) > MAX_ENTRY_MINOR)) {
    throw fieldError('__all__', 'balance_out_of_range');
  }
  const entryId = id ?? Number(rowsOf<{ id: string }>(await tx.execute(sql`SELECT ${nextTransactionId} AS id`))[0]!.id);
  await writeJournal(tx, request, {
    venueId,
    entries: [{ id: entryId, values: { ...entry.values, externalRef: entry.externalRef }, lines: entry.lines }],
    deltas: accountDeltas(entry.lines, entry.totals),
    audit: { action: audit.action, details: { ...audit.details, transaction: entryId } },
  }).catch((err: unknown) => {
    throw isBoundViolation(err) ? fieldError('__all__', 'balance_out_of_range') : err;
  });
  return entryId;
}
