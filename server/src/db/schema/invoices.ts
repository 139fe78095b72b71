import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, money } from './columns';
import { jobRuns } from './jobs';
import { officialParticipations } from './participations';
import { users } from './users';
import { venues } from './venues';

/**
 * Gapless numbers per venue and series (DOMAIN.md "Invoice"): the next number is taken by an
 * UPDATE … RETURNING in the same database transaction as the document, so a rollback gives it
 * back and concurrent issuers wait for each other on the row.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** 'invoice' (invoices and credit notes share it) | 'compensation' */
    series: text('series').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.series] })],
);

/**
 * An issued invoice or credit note: never edited (its figures, lines and parties are snapshots);
 * only its status moves (issued → emailed → paid, or cancelled once a credit note covers it all).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').notNull().default('invoice'),
    number: integer('number').notNull(),
    /** As printed: `{venue}-{number, 5 digits}`. */
    numberText: text('number_text').notNull(),
    /** A credit note names the invoice it corrects. */
    creditNoteOfId: integer('credit_note_of_id'),
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    /** The party's language when issued: the document's language. */
    language: text('language').notNull(),
    buyer: jsonb('buyer').notNull(),
    seller: jsonb('seller').notNull(),
    lines: jsonb('lines').notNull(),
    vatSummary: jsonb('vat_summary').notNull(),
    currency: text('currency').notNull(),
    netMinor: money('net_minor'),
    taxMinor: money('tax_minor'),
    grossMinor: money('gross_minor'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** ISO 11649 creditor reference (RF…), printed and put in the e-invoice. */
    paymentReference: text('payment_reference').notNull(),
    /** INVOICE_STATUSES */
    status: text('status').notNull().default('issued'),
    emailedAt: timestamptz('emailed_at'),
    paidAt: timestamptz('paid_at'),
    runId: integer('run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Factur-X PDF (PDF/A-3 with the CII XML), base64; rendered once from the snapshot. */
    pdf: text('pdf'),
    /** XRechnung (UBL) XML. */
    xrechnung: text('xrechnung'),
    /** Why the documents could not be made at the last attempt (null: made, or not tried yet). */
    renderError: text('render_error'),
    renderAttempts: integer('render_attempts').notNull().default(0),
    /** How the last e-mail went: 'sent' to an SMTP server, or 'mail_folder' (no server set: written to a file only). */
    mailDelivery: text('mail_delivery'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_venue_number_key').on(t.venueId, t.number),
    index('invoices_party_idx').on(t.partyType, t.partyId, t.venueId),
    index('invoices_venue_idx').on(t.venueId, t.number),
    index('invoices_unrendered_idx')
      .on(t.venueId)
      .where(sql`${t.pdf} IS NULL`),
    check('invoices_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('invoices_status_check', sql`${t.status} IN ('issued', 'emailed', 'paid', 'cancelled')`),
    check('invoices_totals_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.taxMinor}`),
    check(
      'invoices_mail_delivery_check',
      sql`${t.mailDelivery} IS NULL OR ${t.mailDelivery} IN ('sent', 'mail_folder')`,
    ),
  ],
);

/** Each invoice e-mailed once per run: the step's row is the proof. */
export const invoiceEmails = pgTable(
  'invoice_emails',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    runId: integer('run_id')
      .notNull()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.runId] })],
);

/** What the venue owes an official for a participation (DOMAIN.md "Compensation bill"). */
export const compensationBills = pgTable(
  'compensation_bills',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    officialParticipationId: integer('official_participation_id')
      .notNull()
      .references(() => officialParticipations.id, { onDelete: 'restrict' }),
    officialId: integer('official_id').notNull(),
    number: integer('number').notNull(),
    numberText: text('number_text').notNull(),
    language: text('language').notNull(),
    data: jsonb('data').notNull(),
    currency: text('currency').notNull(),
    grossMinor: money('gross_minor'),
    withholdingMinor: money('withholding_minor'),
    payableMinor: money('payable_minor'),
    /** The credit posted to the official's account. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    pdf: text('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('compensation_bills_participation_key').on(t.officialParticipationId),
    uniqueIndex('compensation_bills_venue_number_key').on(t.venueId, t.number),
    index('compensation_bills_official_idx').on(t.officialId),
  ],
);
