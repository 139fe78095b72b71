import type { PartyType } from '@shared/ledger';
import {
  CARD_PAYMENT_STATUSES,
  type CardPayment,
  type CardPaymentStatus,
  type CardRefund,
  type PaymentOrigin,
  type SavedCard,
} from '@shared/schemas/payments';
import type { CardRefundRow, PaymentWireRow, SavedCardRow } from './payments.repo';
import type { Stripe } from './stripe-client';

/** The provider's own statuses among Paddock's (`failed` is Paddock's: the provider has none). */
const KNOWN: readonly string[] = CARD_PAYMENT_STATUSES.filter((status) => status !== 'failed');

/** The provider's intent status as Paddock keeps it (`requires_capture` does not occur: capture is automatic). */
export function statusOf(status: Stripe.PaymentIntent.Status): CardPaymentStatus {
  return KNOWN.includes(status) ? (status as CardPaymentStatus) : 'processing';
}

const FINAL: readonly string[] = ['succeeded', 'canceled', 'failed'];
export const isFinal = (status: string): boolean => FINAL.includes(status);

/**
 * The status after the provider reported `next`: a succeeded payment stays succeeded, a
 * cancelled or failed one stays so (events arrive in any order; a late `requires_action` or
 * `payment_failed` never undoes a success).
 */
export function nextStatus(current: string, next: CardPaymentStatus): string {
  if (current === 'succeeded') return current;
  if (next === 'succeeded') return next;
  if (current === 'canceled' || current === 'failed') return current;
  return next;
}

export function paymentToWire(row: PaymentWireRow): CardPayment {
  const { p } = row;
  return {
    id: p.id,
    intent_id: p.intentId,
    venue: p.venueId,
    venue_name: row.venueName,
    party_type: p.partyType as PartyType,
    party_id: p.partyId,
    party_name: row.partyName ?? '',
    origin: p.origin as PaymentOrigin,
    amount: p.amountMinor,
    currency: p.currency,
    status: p.status as CardPaymentStatus,
    fee: p.feeMinor,
    refunded: p.refundedMinor,
    failure_message: p.failureMessage,
    transaction: p.transactionId,
    card: row.brand !== null && row.last4 !== null ? { brand: row.brand, last4: row.last4 } : null,
    created_at: p.createdAt.toISOString(),
  };
}

export const refundToWire = (row: CardRefundRow): CardRefund => ({
  id: row.id,
  refund_id: row.refundId,
  payment: row.paymentId,
  amount: row.amountMinor,
  status: row.status,
  transaction: row.transactionId,
  created_at: row.createdAt.toISOString(),
});

export const cardToWire = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  created_at: row.createdAt.toISOString(),
});
