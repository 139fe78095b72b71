import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { venueBankAccounts } from './configuration';
import { createdAt, money, timestamptz } from './columns';
import { invoices } from './invoices';
import { transactions } from './ledger';
import { users } from './users';
import { venues } from './venues';

/*
 * Money going out and coming in by bank. A payout batch is one SEPA credit transfer
 * file (pain.001.001.09) from the venue's bank account to each payee; generating it posts each
 * payout to the ledger once. The file is an issued document: never edited; a batch cancelled
 * before it is marked sent posts the reversals of its payouts.
 */

export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** generated, sent, cancelled */
    status: text('status').notNull().default('generated'),
    /** GrpHdr/MsgId: unique, at most 35 characters. */
    messageId: text('message_id').notNull(),
    debtorAccountId: integer('debtor_account_id')
      .notNull()
      .references(() => venueBankAccounts.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    controlSumMinor: money('control_sum_minor'),
    transactionCount: integer('transaction_count').notNull().default(0),
    /** The pain.001 document as generated: the same bytes on every download. */
    xml: text('xml').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [
    uniqueIndex('payout_batches_message_key').on(t.messageId),
    index('payout_batches_venue_idx').on(t.venueId, t.createdAt),
    check('payout_batches_status_check', sql`${t.status} IN ('generated', 'sent', 'cancelled')`),
  ],
);

/** One credit transfer of a batch: the payee, their account as it was, and the ledger's payout entry. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    name: text('name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    amountMinor: money('amount_minor'),
    endToEndId: text('end_to_end_id').notNull(),
    /** The remittance information (unstructured) the payee sees. */
    reference: text('reference').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    /** The reversal posted when the batch was cancelled. */
    reversalId: bigint('reversal_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    index('payout_items_batch_idx').on(t.batchId),
    uniqueIndex('payout_items_end_to_end_key').on(t.batchId, t.endToEndId),
    check('payout_items_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** An uploaded bank statement (camt.053): uploaded twice, the second upload changes nothing. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** Stmt/Id of the file. */
    statementId: text('statement_id').notNull(),
    /** sha256 of the file's bytes. */
    fileHash: text('file_hash').notNull(),
    iban: text('iban'),
    currency: text('currency').notNull(),
    creditCount: integer('credit_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_statements_file_key').on(t.venueId, t.fileHash),
    index('bank_statements_venue_idx').on(t.venueId, t.createdAt),
  ],
);

/**
 * A credit of a statement. `lineKey` (the bank's reference of the entry, else a hash of its
 * fields) is unique per venue, so the same credit in a second statement is not taken twice.
 * Matched or assigned, it names the invoice or party and the ledger's payment entry.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    lineKey: text('line_key').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }),
    amountMinor: money('amount_minor'),
    currency: text('currency').notNull(),
    debtorName: text('debtor_name'),
    debtorIban: text('debtor_iban'),
    /** The remittance information (structured creditor reference or unstructured text). */
    reference: text('reference'),
    /** matched, unmatched, assigned, ignored */
    status: text('status').notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    partyType: text('party_type'),
    partyId: integer('party_id'),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    assignedByUserId: integer('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamptz('assigned_at'),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_key').on(t.venueId, t.lineKey),
    index('bank_statement_lines_statement_idx').on(t.statementId),
    index('bank_statement_lines_review_idx').on(t.venueId, t.status),
    check('bank_statement_lines_status_check', sql`${t.status} IN ('matched', 'unmatched', 'assigned', 'ignored')`),
    check('bank_statement_lines_amount_check', sql`${t.amountMinor} > 0`),
  ],
);
