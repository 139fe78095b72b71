import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { floorSeqColumn, timestamptz, money } from './columns';
import { consumables, venueEventCategories } from './show';
import { taxTypes } from './configuration';
import { riders } from './profiles';
import { users } from './users';
import { venues } from './venues';

/**
 * The clearing ledger (DOMAIN.md "Money"). A transaction is what people see; it posts one
 * balanced journal entry (its postings sum to zero) between accounts. Accounts keep running
 * totals, updated in the same database transaction as the postings.
 */

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** ACCOUNT_KINDS in src/shared/ledger.ts */
    kind: text('kind').notNull(),
    /** For party and merchant accounts: PARTY_TYPES; '' for the venue's own accounts. */
    partyType: text('party_type').notNull().default(''),
    /** The profile id of the party (rider.id, employer.id, …); 0 for the venue's own accounts. */
    partyId: integer('party_id').notNull().default(0),
    /** Sum of this account's postings: positive, the venue owes the party; negative, the party owes. */
    balanceMinor: money('balance_minor'),
    /** Running totals for the overview: gross charged, tax in it, payments received. */
    chargedMinor: money('charged_minor'),
    taxMinor: money('tax_minor'),
    paidMinor: money('paid_minor'),
    /**
     * Turnover: the sum of the absolute amounts of every posting to the account, reversals
     * included; only grows. Bounded by ACCOUNT_VOLUME_BOUND_MINOR, so every sum over
     * a venue's entries stays a safe integer, however often entries are posted and reversed.
     */
    volumeMinor: money('volume_minor'),
    postingCount: bigint('posting_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('accounts_key').on(t.venueId, t.kind, t.partyType, t.partyId),
    index('accounts_party_idx').on(t.partyType, t.partyId),
    // ACCOUNT_BOUND_MINOR (src/shared/ledger.ts): an entry that would take a running total past
    // it fails here, inside the writing statement; the ledger answers balance_out_of_range.
    check(
      'accounts_bound_check',
      sql`abs(${t.balanceMinor}) <= 1000000000000 AND abs(${t.chargedMinor}) <= 1000000000000 AND abs(${t.taxMinor}) <= 1000000000000 AND abs(${t.paidMinor}) <= 1000000000000`,
    ),
    check('accounts_volume_check', sql`${t.volumeMinor} BETWEEN 0 AND 10000000000000`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    /** TRANSACTION_KINDS */
    kind: text('kind').notNull(),
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    /** The rider the entry was for, when the party is the rider's employer. */
    beneficiaryRiderId: integer('beneficiary_rider_id').references(() => riders.id, { onDelete: 'restrict' }),
    /** The merchant of a sale (merchants.id). */
    merchantId: integer('merchant_id'),
    consumableId: integer('consumable_id').references(() => consumables.id, { onDelete: 'restrict' }),
    vecId: integer('vec_id').references(() => venueEventCategories.id, { onDelete: 'restrict' }),
    category: text('category').notNull().default('other'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceMinor: money('unit_price_minor'),
    /** Snapshots at posting time: never looked up again. */
    taxTypeId: integer('tax_type_id').references(() => taxTypes.id, { onDelete: 'restrict' }),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    netMinor: money('net_minor'),
    taxMinor: money('tax_minor'),
    grossMinor: money('gross_minor'),
    feeMinor: money('fee_minor'),
    currency: text('currency').notNull(),
    /** TRANSACTION_SOURCES */
    source: text('source').notNull().default('office'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    /** Device clock. */
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** Server clock. */
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
    /** Set once invoiced: the entry is locked from then on. */
    invoiceId: integer('invoice_id'),
    /** A reversal names the entry it cancels; an entry is reversed at most once. */
    reversalOfId: bigint('reversal_of_id', { mode: 'number' }),
    /** An edit posts a reversal of the old entry and a new entry that names it here. */
    replacesId: bigint('replaces_id', { mode: 'number' }),
    /** Provider reference (card payment intent id) that must never post twice. */
    externalRef: text('external_ref'),
    floorSeq: floorSeqColumn(),
  },
  (t) => [
    index('transactions_venue_seq_idx').on(t.venueId, t.floorSeq),
    index('transactions_venue_idx').on(t.venueId, t.recordedAt),
    index('transactions_party_idx').on(t.partyType, t.partyId, t.venueId),
    index('transactions_beneficiary_idx').on(t.beneficiaryRiderId),
    // The stable's undo names its charge by the key it was posted with (undo.ts entryOfKey):
    // without it each undo read every entry of the venue.
    index('transactions_venue_key_idx')
      .on(t.venueId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('transactions_reversal_key').on(t.reversalOfId),
    uniqueIndex('transactions_external_ref_key').on(t.externalRef),
    check('transactions_quantity_check', sql`${t.quantity} BETWEEN -100000 AND 100000`),
    check('transactions_amounts_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.taxMinor}`),
  ],
);

/** The journal: every transaction's postings sum to zero. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('postings_transaction_idx').on(t.transactionId), index('postings_account_idx').on(t.accountId)],
);

/**
 * Idempotent writes (ARCHITECTURE "Offline"): the first response to a key is stored in the same
 * database transaction as the effect; a replay returns it; the same key with another body is 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    /** method + path + sha256 of the canonical body */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
