import { z } from 'zod';
import { PARTY_TYPES } from '../ledger';
import { idParam as idOf } from './common';

/**
 * Card payments (DOMAIN.md "Card payment", spec §7 "User", §9 the card flow).
 *
 *   GET    /api/v1/config/                               … stripe_publishable_key (null: card payments not set up)
 *   POST   /api/v1/user/{id}/create_stripe_setup_intent/ → setupIntent (the user themself, or an admin)
 *   POST   /api/v1/user/{id}/stripe/ {token}              save the card of a succeeded setup intent → 201 savedCard
 *          (token: the SetupIntent id `seti_…` or the PaymentMethod id `pm_…` it produced)
 *   GET    /api/v1/user/{id}/cards/                       → savedCard[] (not removed)
 *   DELETE /api/v1/user/{id}/cards/{cardId}/              detach from the provider and mark removed → 204
 *   GET    /api/v1/payments/payable/?party_type=&party_id= → payable[]: the venues where the party owes money
 *   POST   /api/v1/payments/ createPaymentInput (header Idempotency-Key) → 201 paymentIntent
 *          the payer (a party the user is or pays for, spec createPayment / selfCheckout); the
 *          provider confirms, the webhook posts the ledger's payment entry
 *   POST   /api/v1/venue/{id}/chargeCard/ chargeCardInput (Idempotency-Key) → 201 cardPayment
 *          the office charges a party's saved card off-session
 *   GET    /api/v1/payments/{intentId}/                   → cardPayment: the real outcome (confirmPayment
 *          page; open to the payer, the party's users, the venue's office, admins). It asks the
 *          provider for the intent's status when the webhook has not arrived yet; it never posts.
 *   GET    /api/v1/venue/{id}/cardPayments/?party_type=&party_id= → cardPayment[] (office)
 *   GET    /api/v1/venue/{id}/partyCards/?party_type=&party_id= → savedCard[] (office): the saved
 *          cards of the users who pay for that party (partyCardsQuery), to charge one with chargeCard
 *   POST   /api/v1/cardPayments/{id}/refund/ refundInput (Idempotency-Key) → 201 cardRefund (office)
 *   POST   /api/v1/stripe/webhook/                        the provider's signed events (raw body,
 *          `Stripe-Signature` checked with STRIPE_WEBHOOK_SECRET; 400 when forged or stale)
 *   GET    /api/v1/rider/{riderId}/selfCheckout/{venueId}/ → selfCheckout: the show's statement and what is left
 *
 * Without STRIPE_SECRET_KEY every call above but the statement answers 409 `cards_not_configured`.
 */

/** The provider's minimum charge per currency, in minor units (EUR, CHF, PLN, GBP: 50; else 50). */
export const CARD_MIN_MINOR: Record<string, number> = { EUR: 50, CHF: 50, PLN: 200, GBP: 30, USD: 50 };
export const cardMinimumOf = (currency: string): number => CARD_MIN_MINOR[currency.toUpperCase()] ?? 50;
/** The largest single card payment Paddock asks the provider for (1,000,000.00). */
export const CARD_MAX_MINOR = 100_000_000;

export const CARD_PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
  'failed',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

export const PAYMENT_ORIGINS = ['self', 'checkout', 'office'] as const;
export type PaymentOrigin = (typeof PAYMENT_ORIGINS)[number];

/** The party types that pay by card (merchants are paid out, not charged). */
export const PAYING_PARTY_TYPES = ['rider', 'employer', 'official', 'simpleuser'] as const;
export type PayingPartyType = (typeof PAYING_PARTY_TYPES)[number];

const minor = z.number().int();

export const setupIntent = z.object({
  /** The SetupIntent id (seti_…). */
  id: z.string(),
  client_secret: z.string(),
});
export type SetupIntent = z.infer<typeof setupIntent>;

export const saveCardInput = z.object({
  token: z
    .string({ error: 'required' })
    .trim()
    .regex(/^(seti|pm)_[A-Za-z0-9_]{3,250}$/, { error: 'invalid' }),
});
export type SaveCardInput = z.infer<typeof saveCardInput>;

export const savedCard = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const payableQuery = z.object({
  party_type: z.enum(PAYING_PARTY_TYPES, { error: 'invalid' }),
  party_id: idOf,
});

/** The office's look at a party's saved cards (GET venue/{id}/partyCards/). */
export const partyCardsQuery = payableQuery;

/** A venue where the party owes money: what can be paid there. */
export const payable = z.object({
  venue: z.number().int(),
  venue_name: z.string(),
  currency: z.string(),
  /** What the party owes (positive), after every payment posted so far. */
  open: minor,
  /** Card payments confirmed by the payer but not yet posted (processing): not payable again. */
  pending: minor,
  minimum: minor,
});
export type Payable = z.infer<typeof payable>;

export const createPaymentInput = z.object({
  venue: idOf,
  party_type: z.enum(PAYING_PARTY_TYPES, { error: 'invalid' }),
  party_id: idOf,
  /** Minor units; at least the provider's minimum, at most the open balance. */
  amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'invalid' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'invalid' }),
  /** A saved card's id; absent: pay with a new card (the page confirms with the card element). */
  card: idOf.optional(),
  origin: z.enum(['self', 'checkout'], { error: 'invalid' }).default('self'),
});
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

/** A created PaymentIntent: the page confirms it with the provider (3-D Secure when asked). */
export const paymentIntent = z.object({
  id: z.string(),
  client_secret: z.string(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  amount: minor,
  currency: z.string(),
});
export type PaymentIntent = z.infer<typeof paymentIntent>;

export const chargeCardInput = z.object({
  party_type: z.enum(PAYING_PARTY_TYPES, { error: 'invalid' }),
  party_id: idOf,
  amount: z.number({ error: 'required' }).int({ error: 'invalid' }).positive({ error: 'invalid' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'invalid' }),
  card: idOf,
});
export type ChargeCardInput = z.infer<typeof chargeCardInput>;

export const cardPayment = z.object({
  id: z.number().int(),
  intent_id: z.string(),
  venue: z.number().int(),
  venue_name: z.string(),
  party_type: z.enum(PARTY_TYPES),
  party_id: z.number().int(),
  party_name: z.string(),
  origin: z.enum(PAYMENT_ORIGINS),
  amount: minor,
  currency: z.string(),
  status: z.enum(CARD_PAYMENT_STATUSES),
  fee: minor,
  refunded: minor,
  /** The provider's message of the last failure (a declined card). */
  failure_message: z.string().nullable(),
  /** The ledger's payment entry, once the provider confirmed it. */
  transaction: z.number().int().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  created_at: z.string(),
});
export type CardPayment = z.infer<typeof cardPayment>;

export const refundInput = z.object({
  /** Minor units; absent: whatever is not refunded yet. */
  amount: z.number().int({ error: 'invalid' }).positive({ error: 'invalid' }).optional(),
});
export type RefundInput = z.infer<typeof refundInput>;

export const cardRefund = z.object({
  id: z.number().int(),
  refund_id: z.string(),
  payment: z.number().int(),
  amount: minor,
  status: z.string(),
  transaction: z.number().int().nullable(),
  created_at: z.string(),
});
export type CardRefund = z.infer<typeof cardRefund>;

/** Self-checkout: the rider's statement of one show and what is left to pay. */
export const selfCheckout = z.object({
  venue: z.number().int(),
  venue_name: z.string(),
  currency: z.string(),
  /** Whether the venue offers self-checkout (venue setting `self_checkout`). */
  enabled: z.boolean(),
  /** Who pays: the rider, or their employer (then the rider sees it but the employer pays). */
  payer: z.object({ party_type: z.enum(PAYING_PARTY_TYPES), party_id: z.number().int(), name: z.string() }),
  lines: z.array(
    z.object({
      transaction: z.number().int(),
      date: z.string(),
      kind: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      /** Signed as the party sees it: a charge negative, a payment positive. */
      amount: minor,
    }),
  ),
  charged: minor,
  paid: minor,
  /** What is left to pay (positive), 0 when settled. */
  open: minor,
  pending: minor,
  minimum: minor,
  /** Whether the signed-in user may pay it (the rider pays for themself; an employed rider's employer pays). */
  can_pay: z.boolean(),
});
export type SelfCheckout = z.infer<typeof selfCheckout>;
