import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isBalanced, MAX_ENTRY_MINOR, type PartyType, type TransactionSource } from '@shared/ledger';
import { fieldError } from '../../app-error';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { RequestUser } from '../../types';
import { figuresOf, negatedLines, reversalValues } from './correction';
import { accountDeltas, postingLines, totalsOf, type AccountDelta, type PostingLine } from './effects';
import type { EntryValues } from './entry';
import { isBoundViolation, writeJournal, type AuditRow, type JournalEntry } from './journal.repo';
import { createLedgerRepo } from './ledger.repo';

/**
 * Entries the system makes in bulk: payouts of a SEPA batch, payments matched from a
 * bank statement, and their reversals. They do not go through resolveEntry (the venue's limit
 * for one entry and the payer rule are about what people post: a payout pays out exactly the
 * account's balance, a bank payment exactly what arrived), but keep the ledger's invariants: each
 * entry balanced, amounts within the hard cap, running totals through accountDeltas, the
 * accounts' bounds (the database refuses a total past them), and every entry once by its
 * reference (transactions.external_ref is unique). Everything is written by writeJournal in one
 * statement, inside the caller's database transaction.
 */

export interface SystemEntry {
  values: EntryValues;
  lines: PostingLine[];
  /** Running totals besides the balance (a payment's `paid`). */
  totals: AccountDelta[];
  /** Posts once: an entry with this reference already in the ledger is not posted again. */
  externalRef: string;
}

export interface SystemEntryInput {
  venueId: number;
  currency: string;
  pricesIncludeTax: boolean;
  partyType: PartyType;
  partyId: number;
  amount: number;
  description: string;
  source: TransactionSource;
  occurredAt: Date;
  externalRef: string;
}

/** The row of an untaxed settlement entry (a payment or payout of one amount, no item, no tax). */
export function settlementValues(fields: {
  venueId: number;
  kind: 'payment' | 'payout';
  partyType: PartyType;
  partyId: number;
  merchantId: number | null;
  description: string;
  amount: number;
  fee: number;
  currency: string;
  pricesIncludeTax: boolean;
  source: TransactionSource;
  userId: number | null;
  impersonatorId: number | null;
  occurredAt: Date;
}): EntryValues {
  return {
    venueId: fields.venueId,
    kind: fields.kind,
    partyType: fields.partyType,
    partyId: fields.partyId,
    beneficiaryRiderId: null,
    merchantId: fields.merchantId,
    consumableId: null,
    vecId: null,
    category: 'other',
    description: fields.description,
    quantity: 1,
    unitPriceMinor: fields.amount,
    taxTypeId: null,
    taxRateBp: 0,
    pricesIncludeTax: fields.pricesIncludeTax,
    netMinor: fields.amount,
    taxMinor: 0,
    grossMinor: fields.amount,
    feeMinor: fields.fee,
    currency: fields.currency,
    source: fields.source,
    createdByUserId: fields.userId,
    impersonatorId: fields.impersonatorId,
    deviceId: null,
    occurredAt: fields.occurredAt,
    recordedAt: new Date(),
    idempotencyKey: null,
    replacesId: null,
  };
}

const valuesOf = (
  user: RequestUser,
  input: SystemEntryInput,
  kind: 'payment' | 'payout',
  merchantId: number | null,
): EntryValues =>
  settlementValues({ ...input, kind, merchantId, fee: 0, userId: user.id, impersonatorId: user.impersonatorId });

const figures = (input: SystemEntryInput, kind: 'payment' | 'payout') => ({
  kind,
  partyType: input.partyType,
  partyId: input.partyId,
  merchantId: null,
  category: 'other',
  source: input.source,
  taxRateBp: 0,
  gross: input.amount,
  net: input.amount,
  tax: 0,
  fee: 0,
});

/** A payment received for a party (planPostings: party +amount; bank, card or cash −amount; party paid +amount). */
export function paymentEntry(user: RequestUser, input: SystemEntryInput): SystemEntry {
  const f = figures(input, 'payment');
  return {
    values: valuesOf(user, input, 'payment', null),
    lines: postingLines(f),
    totals: totalsOf(f, 1),
    externalRef: input.externalRef,
  };
}

/**
 * A payout of what the venue owes. From a party's own account it is the ledger's `payout`
 * (planPostings: party −amount, payouts +amount). A merchant's takings sit in its `merchant`
 * account (a sale credits it with the gross less the fee), so a merchant payout debits that
 * account instead: merchant −amount, payouts +amount; the entry names the merchant as party and
 * as merchant. A reversal negates the postings as they were written, so it undoes either form.
 */
export function payoutEntry(user: RequestUser, input: SystemEntryInput, from: 'party' | 'merchant'): SystemEntry {
  if (from === 'party') {
    const f = figures(input, 'payout');
    return {
      values: valuesOf(user, input, 'payout', null),
      lines: postingLines(f),
      totals: [],
      externalRef: input.externalRef,
    };
  }
  if (input.partyType !== 'merchant') throw new Error('a takings payout is a merchant’s');
  return {
    values: valuesOf(user, input, 'payout', input.partyId),
    lines: [
      { kind: 'merchant', partyType: 'merchant', partyId: input.partyId, amount: -input.amount },
      { kind: 'payouts', partyType: '', partyId: 0, amount: input.amount },
    ],
    totals: [],
    externalRef: input.externalRef,
  };
}

/** Deltas that change nothing would only create empty accounts. */
const changes = (d: AccountDelta) =>
  d.balance !== 0 || d.charged !== 0 || d.tax !== 0 || d.paid !== 0 || d.volume !== 0 || d.postings !== 0;

async function drawIds(tx: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`SELECT nextval('transactions_id_seq')::text AS id FROM generate_series(1, ${n}::int)`),
  );
  return rows.map((r) => Number(r.id));
}

async function write(
  tx: Db,
  request: FastifyRequest,
  venueId: number,
  entries: JournalEntry[],
  totals: AccountDelta[],
  audit: AuditRow,
) {
  if (!entries.length) return;
  await writeJournal(tx, request, {
    venueId,
    entries,
    deltas: accountDeltas(
      entries.flatMap((e) => e.lines),
      totals,
    ).filter(changes),
    audit,
  }).catch((err: unknown) => {
    throw isBoundViolation(err) ? fieldError('__all__', 'balance_out_of_range') : err;
  });
}

/**
 * Posts the entries whose reference is not in the ledger yet, all at once. Answers the
 * transaction id of every reference (the one found, or the one just written) and how many were
 * written now. The caller serializes concurrent posts of the same references (a row or advisory
 * lock); the unique reference is the last guard.
 */
export async function postSystemEntries(
  tx: Db,
  request: FastifyRequest,
  venueId: number,
  entries: readonly SystemEntry[],
  audit: AuditRow,
): Promise<{ ids: Map<string, number>; created: number }> {
  const ids = new Map<string, number>();
  if (!entries.length) return { ids, created: 0 };
  for (const entry of entries) {
    const { grossMinor, netMinor, taxMinor } = entry.values;
    if (!isBalanced(entry.lines)) throw new Error('unbalanced journal entry');
    if (
      [grossMinor, netMinor, taxMinor, ...entry.lines.map((l) => l.amount)].some(
        (amount) => !Number.isSafeInteger(amount) || Math.abs(amount) > MAX_ENTRY_MINOR,
      )
    )
      throw fieldError('__all__', 'balance_out_of_range');
  }
  const refs = entries.map((e) => e.externalRef);
  if (new Set(refs).size !== refs.length) throw new Error('two system entries share a reference');
  const found = rowsOf<{ id: string; ref: string }>(
    await tx.execute(sql`SELECT id::text AS id, external_ref AS ref FROM transactions
      WHERE external_ref IN (SELECT json_array_elements_text(${JSON.stringify(refs)}::json))`),
  );
  for (const row of found) ids.set(row.ref, Number(row.id));
  const fresh = entries.filter((e) => !ids.has(e.externalRef));
  const drawn = await drawIds(tx, fresh.length);
  const journal: JournalEntry[] = fresh.map((e, i) => {
    ids.set(e.externalRef, drawn[i]!);
    return { id: drawn[i]!, values: { ...e.values, externalRef: e.externalRef }, lines: e.lines };
  });
  await write(
    tx,
    request,
    venueId,
    journal,
    fresh.flatMap((e) => e.totals),
    {
      action: audit.action,
      details: { ...audit.details, transactions: journal.map((e) => e.id) },
    },
  );
  return { ids, created: journal.length };
}

/**
 * Reverses entries once each (their exact negation, as the ledger's corrections do): an entry
 * reversed already (here or from the ledger's own screen) keeps its reversal and posts nothing.
 * Answers the reversal of every entry.
 */
export async function reverseSystemEntries(
  tx: Db,
  request: FastifyRequest,
  user: RequestUser,
  venueId: number,
  transactionIds: readonly number[],
  audit: AuditRow,
): Promise<Map<number, number>> {
  const repo = createLedgerRepo(tx);
  const reversals = new Map<number, number>();
  const entries: JournalEntry[] = [];
  const totals: AccountDelta[] = [];
  for (const id of [...transactionIds].sort((a, b) => a - b)) {
    const found = await repo.lockForCorrection(id, tx);
    if (!found || found.row.venueId !== venueId) throw new Error(`entry ${id} is not the venue's`);
    if (found.reversedBy !== null) {
      reversals.set(id, found.reversedBy);
      continue;
    }
    totals.push(...totalsOf(figuresOf(found.row), -1));
    entries.push({
      id: found.ids[0],
      values: reversalValues(found.row, user, null, null),
      lines: negatedLines(found.lines),
    });
    reversals.set(id, found.ids[0]);
  }
  await write(tx, request, venueId, entries, totals, {
    action: audit.action,
    details: { ...audit.details, reversals: entries.map((e) => e.id) },
  });
  return reversals;
}
