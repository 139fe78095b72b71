import { z } from 'zod';
import { PARTY_TYPES } from '../ledger';
import { idParam as idOf, isoDateField, requiredOrInvalid } from './common';
import { listQuery } from './pagination';

/**
 * Money going out and coming in by bank (DOMAIN.md "SEPA credit
 * transfer", "Bank statement"). Endpoints:
 *   GET  /api/v1/venue/{id}/payouts/due/           → payoutDue: what the venue owes, per payee, with
 *        the payee's default bank account, or why it cannot be paid (no account, IBAN or BIC fails)
 *   POST /api/v1/venue/{id}/payouts/ createPayoutInput (header Idempotency-Key) → 201 payoutBatch:
 *        the pain.001.001.09 file, each payout posted to the ledger once in the same transaction
 *   GET  /api/v1/venue/{id}/payouts/                → { results: payoutBatchSummary[] }, newest first
 *   GET  /api/v1/payoutBatch/{id}/                  → payoutBatch (with its items)
 *   GET  /api/v1/payoutBatch/{id}/pain001/          the stored XML: the same bytes on every download
 *   POST /api/v1/payoutBatch/{id}/sent/             mark sent (from generated; again: no change) → payoutBatch
 *   POST /api/v1/payoutBatch/{id}/cancel/           only while generated: posts the reversals once → payoutBatch
 *   POST /api/v1/venue/{id}/bankStatements/         multipart field `file`: a camt.053 (001.02 … 001.08)
 *        → 201 statementImport; the same file again → 200 with already_imported, nothing posted
 *   GET  /api/v1/venue/{id}/bankStatements/         → { results: bankStatement[] }, newest first
 *   GET  /api/v1/venue/{id}/bankStatements/review/?status= → { count, results: bankStatementLine[] }
 *        (default: the unmatched credits waiting for the office)
 *   POST /api/v1/bankStatementLine/{id}/assign/ assignLineInput ({invoice} or {party_type, party_id})
 *        → bankStatementLine: posts the payment once
 *   POST /api/v1/bankStatementLine/{id}/ignore/     → bankStatementLine (an unmatched credit set aside)
 * Only the venue's show office (organizer, showoffice of that venue) and admins.
 *
 * Matching a credit (server/src/modules/bank-statements/matching.ts): one open invoice of the
 * venue named by its RF reference (structured or in the text) or its number `{venue}-{number}`
 * → matched to it and its party: `exact`, `partial` (the rest stays open), or `over` (the whole
 * credit is posted: the invoice is paid and the rest is the party's credit balance, which the
 * venue owes and pays out like any other). No invoice but exactly one rider or employer with an
 * account at the venue by bookkeeping ref id → `party`. Several invoices, or nothing known →
 * unmatched, for the review list. Each credit posts one ledger `payment` (source `bank`) once,
 * by reference `bank:<venue>:<line key>`; an invoice with nothing open any more becomes `paid`.
 */

const minor = z.number().int();

/**
 * Where the money owed sits: the party's own account (prize money, credits, compensation
 * bills, overpayments) or a merchant's takings account (its sales less its fees).
 */
export const PAYOUT_ACCOUNTS = ['party', 'merchant'] as const;
export type PayoutAccount = (typeof PAYOUT_ACCOUNTS)[number];

/**
 * Can the payee be paid by SEPA transfer? `no_account`: no bank account on record;
 * `invalid_iban` / `invalid_bic`: the check fails; `not_sepa`: the IBAN's country is outside SEPA.
 */
/**
 * needs_bic_address: an account in a SEPA country outside the EEA (CH, GB, MC, SM, VA, AD…),
 * which the EPC rulebook lets be paid only with the bank's BIC and the payee's address (country
 * and town at least).
 */
export const PAYEE_STATUSES = [
  'ok',
  'no_account',
  'invalid_iban',
  'invalid_bic',
  'not_sepa',
  'needs_bic_address',
] as const;
export type PayeeStatus = (typeof PAYEE_STATUSES)[number];

export const payeeBank = z.object({
  holder: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
});
export type PayeeBank = z.infer<typeof payeeBank>;

export const duePayee = z.object({
  party_type: z.enum(PARTY_TYPES),
  party_id: z.number().int(),
  account: z.enum(PAYOUT_ACCOUNTS),
  name: z.string(),
  /** What the venue owes, positive, in minor units of the venue's currency. */
  amount: minor,
  /** The payee's default bank account (else its newest); null: none on record. */
  bank: payeeBank.nullable(),
  status: z.enum(PAYEE_STATUSES),
});
export type DuePayee = z.infer<typeof duePayee>;

export const debtorAccount = z.object({
  id: z.number().int(),
  holder: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  currency: z.string(),
  is_default: z.boolean(),
  /** IBAN (and BIC when given) pass the check and the currency is the venue's. */
  usable: z.boolean(),
});
export type DebtorAccount = z.infer<typeof debtorAccount>;

export const payoutDue = z.object({
  venue: z.number().int(),
  currency: z.string(),
  payees: z.array(duePayee),
  /** Σ amount of every payee, and of those that can be paid now. */
  total: minor,
  payable_total: minor,
  debtor_accounts: z.array(debtorAccount),
});
export type PayoutDue = z.infer<typeof payoutDue>;

export const payoutPayeeInput = z.object({
  party_type: z.enum(PARTY_TYPES, { error: 'invalid' }),
  party_id: idOf,
  /** Default: `merchant` for a merchant (its takings), `party` for everyone else. */
  account: z.enum(PAYOUT_ACCOUNTS, { error: 'invalid' }).optional(),
  /** Minor units; more than 0, at most what is owed. */
  amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'too_small' }),
});
export type PayoutPayeeInput = z.infer<typeof payoutPayeeInput>;

export const createPayoutInput = z.object({
  /** `all`: every payee that can be paid, each with the whole amount owed. */
  payees: z.union(
    [
      z.literal('all', { error: 'invalid' }),
      z.array(payoutPayeeInput, { error: 'invalid' }).min(1, { error: 'required' }).max(5_000, { error: 'too_big' }),
    ],
    { error: requiredOrInvalid },
  ),
  /** A bank account of the venue (venue_bank_accounts). */
  debtor_account: idOf,
  /** The requested execution date, YYYY-MM-DD. */
  execution_date: isoDateField,
});
export type CreatePayoutInput = z.infer<typeof createPayoutInput>;

export const PAYOUT_BATCH_STATUSES = ['generated', 'sent', 'cancelled'] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

export const payoutBatchSummary = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  message_id: z.string(),
  debtor: z.object({ id: z.number().int(), holder: z.string(), iban: z.string() }),
  currency: z.string(),
  execution_date: z.string(),
  control_sum: minor,
  transaction_count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummary>;

export const payoutItem = z.object({
  id: z.number().int(),
  party_type: z.enum(PARTY_TYPES),
  party_id: z.number().int(),
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  amount: minor,
  end_to_end_id: z.string(),
  reference: z.string(),
  /** The ledger's payout entry, and its reversal once the batch is cancelled. */
  transaction: z.number().int().nullable(),
  reversal: z.number().int().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItem>;

export const payoutBatch = payoutBatchSummary.extend({ items: z.array(payoutItem) });
export type PayoutBatch = z.infer<typeof payoutBatch>;

export const payoutBatchList = z.object({ results: z.array(payoutBatchSummary) });
export type PayoutBatchList = z.infer<typeof payoutBatchList>;

/* ---------------------------------------------------------------- bank statements (camt.053) */

export const BANK_LINE_STATUSES = ['matched', 'unmatched', 'assigned', 'ignored'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/** How a matched credit compares with the open amount of its invoice. */
export const MATCH_KINDS = ['exact', 'partial', 'over', 'party'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const bankStatement = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  statement_id: z.string(),
  iban: z.string().nullable(),
  currency: z.string(),
  credit_count: z.number().int(),
  matched_count: z.number().int(),
  created_at: z.string(),
  uploaded_by: z.string().nullable(),
});
export type BankStatement = z.infer<typeof bankStatement>;

export const statementImport = z.object({
  statement: bankStatement,
  /** The very same file was imported before: nothing was stored or posted now. */
  already_imported: z.boolean(),
  counts: z.object({
    /** Booked credits in the file. */
    credits: z.number().int(),
    /** Matched to an invoice (exact, partial, over) or a party by its bookkeeping reference. */
    matched: z.number().int(),
    exact: z.number().int(),
    partial: z.number().int(),
    /** More than the invoice's open amount: the whole credit is posted, the rest is a credit balance. */
    over: z.number().int(),
    party: z.number().int(),
    /** Waiting in the review list. */
    unmatched: z.number().int(),
    /** Credits imported before from another file: taken once only. */
    duplicates: z.number().int(),
    /** Debits, reversals and entries not booked yet: not posted. */
    ignored: z.number().int(),
  }),
  /** Σ of the payments posted now. */
  posted_total: minor,
});
export type StatementImport = z.infer<typeof statementImport>;

export const bankStatementLine = z.object({
  id: z.number().int(),
  statement: z.number().int(),
  booking_date: z.string().nullable(),
  amount: minor,
  currency: z.string(),
  debtor_name: z.string().nullable(),
  debtor_iban: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  invoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  party: z.object({ type: z.enum(PARTY_TYPES), id: z.number().int(), name: z.string() }).nullable(),
  transaction: z.number().int().nullable(),
  assigned_by: z.string().nullable(),
  assigned_at: z.string().nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLine>;

export const bankStatementList = z.object({ results: z.array(bankStatement) });
export type BankStatementList = z.infer<typeof bankStatementList>;

export const reviewQuery = listQuery.extend({
  status: z.enum(BANK_LINE_STATUSES, { error: 'invalid' }).default('unmatched'),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

export const reviewList = z.object({ count: z.number().int(), results: z.array(bankStatementLine) });
export type ReviewList = z.infer<typeof reviewList>;

/** Assign a credit by hand: to an invoice (its party is paid), or straight to a party. */
export const assignLineInput = z
  .object({
    invoice: idOf.optional(),
    party_type: z.enum(PARTY_TYPES, { error: 'invalid' }).optional(),
    party_id: idOf.optional(),
  })
  .superRefine((value, ctx) => {
    const party = value.party_type !== undefined || value.party_id !== undefined;
    if (value.invoice !== undefined && party) ctx.addIssue({ code: 'custom', path: ['__all__'], message: 'invalid' });
    else if (value.invoice === undefined && !party)
      ctx.addIssue({ code: 'custom', path: ['invoice'], message: 'required' });
    else if (party && value.party_type === undefined)
      ctx.addIssue({ code: 'custom', path: ['party_type'], message: 'required' });
    else if (party && value.party_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['party_id'], message: 'required' });
  });
export type AssignLineInput = z.infer<typeof assignLineInput>;

/** Largest camt.053 file taken (a statement of several thousand credits is a few MB). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
