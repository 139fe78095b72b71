import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, timestamptz, updatedAt } from './columns';
import { transactions } from './ledger';
import { users } from './users';
import { venues } from './venues';

/*
 * Card payments (DOMAIN.md "Card payment"). A user's cards are saved with the card
 * provider (a SetupIntent on the user's customer); a balance is paid with a PaymentIntent. The
 * ledger's payment entry is posted once, on the provider's confirmation (the signed webhook),
 * keyed by the intent id (transactions.external_ref `pi:<intent id>`).
 */

/** The provider's customer of a user (one per user, created on the first setup intent). */
export const cardCustomers = pgTable('card_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/** A saved card (the provider's payment method): what the list shows; removed cards keep their row. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: text('payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: createdAt(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [uniqueIndex('saved_cards_method_key').on(t.paymentMethodId), index('saved_cards_user_idx').on(t.userId)],
);

/**
 * A card payment (a PaymentIntent) of a party's balance at a venue. Its status follows the
 * provider; `transactionId` is the ledger's payment entry, set once by the webhook that confirms it.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    intentId: text('intent_id').notNull(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    partyType: text('party_type').notNull(),
    partyId: integer('party_id').notNull(),
    /** Who asked for it (the payer, or the office charging a saved card). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'self' (createPayment), 'checkout' (self-checkout), 'office' (charged by the office) */
    origin: text('origin').notNull(),
    amountMinor: money('amount_minor'),
    currency: text('currency').notNull(),
    /** The provider's status: requires_payment_method, requires_action, processing, succeeded, canceled, failed */
    status: text('status').notNull(),
    /** The provider's fee, known once the charge's balance transaction is read. */
    feeMinor: money('fee_minor'),
    refundedMinor: money('refunded_minor'),
    paymentMethodId: text('payment_method_id'),
    /** The provider's message of the last failure (declined card …). */
    failureMessage: text('failure_message'),
    /** The idempotency key the intent was created with (one per request of the payer). */
    idempotencyKey: text('idempotency_key').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_payments_intent_key').on(t.intentId),
    uniqueIndex('card_payments_idempotency_key').on(t.idempotencyKey),
    index('card_payments_party_idx').on(t.venueId, t.partyType, t.partyId),
    check('card_payments_amount_check', sql`${t.amountMinor} > 0 AND ${t.amountMinor} <= 100000000`),
    check('card_payments_refunded_check', sql`${t.refundedMinor} BETWEEN 0 AND ${t.amountMinor}`),
  ],
);

/** A refund of a card payment (full or partial); its reversal is posted once, keyed `re:<refund id>`. */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    refundId: text('refund_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => cardPayments.id, { onDelete: 'restrict' }),
    amountMinor: money('amount_minor'),
    /** pending, succeeded, failed, canceled */
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id, {
      onDelete: 'restrict',
    }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_refunds_refund_key').on(t.refundId),
    uniqueIndex('card_refunds_idempotency_key').on(t.idempotencyKey),
    index('card_refunds_payment_idx').on(t.paymentId),
    check('card_refunds_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** Webhook events seen (the provider's event id): a redelivery is answered without work. */
export const cardWebhookEvents = pgTable('card_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** The intent or refund the event is about. */
  objectId: text('object_id'),
  payload: jsonb('payload'),
  receivedAt: createdAt(),
});
