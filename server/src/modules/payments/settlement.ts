import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  cardPaymentEntry,
  cardRefundEntry,
  failedRefundEntry,
  postCardEntry,
  type CardEntryInput,
} from '../ledger/card-entries';
import { nextStatus, statusOf } from './payment-wire';
import { createPaymentsRepo, type CardPaymentRow, type CardRefundRow } from './payments.repo';
import { isMissing, type Stripe } from './stripe-client';

/**
 * What the provider's confirmations do, exactly once. Only here is a card payment
 * posted: on `payment_intent.succeeded` (the signed webhook), after asking the provider for the
 * intent as it is now (its status, what it received, the fee of its charge). The ledger entry
 * is keyed by the intent (`pi:<id>`), the payment row is locked while it is written, and the
 * event is recorded in the same database transaction: a delivery repeated, twenty at once, or
 * the browser returning, posts nothing twice. Refunds post their entry once (`re:<id>`) when the
 * provider says the refund succeeded, from whichever comes first: the office's request or the
 * refund's webhook.
 */

export type Outcome = 'posted' | 'done' | 'duplicate' | 'ignored';

const paymentRef = (intentId: string) => `pi:${intentId}`;
const refundRef = (refundId: string) => `re:${refundId}`;
const refundFailedRef = (refundId: string) => `rf:${refundId}`;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The fee of the intent's charge, in the payment's currency (0 when the provider does not say yet). */
function feeOf(intent: Stripe.PaymentIntent, currency: string): number {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return 0;
  const txn = charge.balance_transaction;
  if (!txn || typeof txn === 'string') return 0;
  return txn.currency.toLowerCase() === currency.toLowerCase()
    ? Math.min(Math.max(txn.fee, 0), intent.amount_received)
    : 0;
}

const describe = (brand: string | null | undefined, last4: string | null | undefined, what: string) =>
  brand && last4 ? `${what} ${brand[0]!.toUpperCase()}${brand.slice(1)} •••• ${last4}` : what;

export function createSettlement(ctx: Pick<AppContext, 'db'>) {
  const repo = createPaymentsRepo(ctx.db);

  /**
   * The payment row of an intent, locked, with a transaction id drawn for its entry; a row still
   * waiting for its intent id is found by the intent's metadata (the webhook beat the answer).
   */
  async function lockPayment(tx: Db, intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>) {
    const found = await repo.lockIntentDrawing(intent.id, tx);
    if (found) return found;
    const id = Number(intent.metadata?.paddock_payment);
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    const waiting = await repo.placeholderPayment(id, tx, true);
    if (!waiting) return undefined;
    await repo.updatePayment(waiting.id, { intentId: intent.id }, tx);
    return repo.lockIntentDrawing(intent.id, tx);
  }

  const record = (tx: Db, event: Stripe.Event, objectId: string) =>
    repo.recordEvent({ eventId: event.id, type: event.type, objectId, payload: event.data.object as object }, tx);

  /**
   * Posts a succeeded intent's payment once (the row locked by the caller, `entryId` drawn with
   * the lock), records the event and writes the row's new state; answers the outcome.
   */
  async function postPayment(
    tx: Db,
    request: FastifyRequest,
    row: CardPaymentRow,
    entryId: number,
    intent: Stripe.PaymentIntent,
    event: Stripe.Event,
  ): Promise<Outcome> {
    const delivery = { eventId: event.id, type: event.type, objectId: intent.id, payload: event.data.object };
    if (row.transactionId !== null) {
      return (await repo.finishPayment(tx, row.id, { status: 'succeeded' }, delivery)) ? 'done' : 'duplicate';
    }
    if (intent.currency.toLowerCase() !== row.currency.toLowerCase() || intent.amount_received <= 0) {
      request.log.error(
        { intent: intent.id, payment: row.id },
        'card payment in another currency or empty: not posted',
      );
      const failureMessage = 'The provider received another currency: the payment was not posted.';
      await repo.finishPayment(tx, row.id, { status: 'succeeded', failureMessage }, delivery);
      return 'done';
    }
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const amount = intent.amount_received;
    const fee = feeOf(intent, row.currency);
    const input: CardEntryInput = {
      venueId: row.venueId,
      currency: row.currency,
      partyType: row.partyType as PartyType,
      partyId: row.partyId,
      amount,
      fee,
      description: describe(card?.brand, card?.last4, 'Card payment'),
      occurredAt: charge ? new Date(charge.created * 1000) : new Date(),
      userId: null,
      impersonatorId: null,
    };
    const transactionId = await postCardEntry(
      tx,
      request,
      cardPaymentEntry(input, paymentRef(intent.id)),
      { action: 'payment.card_settled', details: { payment: row.id, intent: intent.id, amount, fee } },
      entryId,
    );
    await repo.finishPayment(
      tx,
      row.id,
      {
        status: 'succeeded',
        amountMinor: amount,
        feeMinor: fee,
        transactionId,
        paymentMethodId: idOf(intent.payment_method),
        failureMessage: null,
      },
      delivery,
    );
    return 'posted';
  }

  /**
   * A refund as the provider reports it: the entry posted once when it succeeded; a failed or
   * cancelled one gives its amount back to what is refundable (and, if it had been posted, the
   * money is booked back to the party). The payment row is locked by the caller.
   */
  async function applyRefund(
    tx: Db,
    request: FastifyRequest,
    payment: CardPaymentRow,
    row: CardRefundRow,
    refund: Stripe.Refund,
    userId: number | null,
  ): Promise<CardRefundRow> {
    const status = refund.status ?? 'pending';
    const input: CardEntryInput = {
      venueId: payment.venueId,
      currency: payment.currency,
      partyType: payment.partyType as PartyType,
      partyId: payment.partyId,
      amount: row.amountMinor,
      fee: 0,
      description: 'Card refund',
      occurredAt: new Date(refund.created * 1000),
      userId,
      impersonatorId: request.user?.impersonatorId ?? null,
    };
    const wasOpen = row.status !== 'failed' && row.status !== 'canceled';
    if (status === 'succeeded' && wasOpen) {
      if (row.transactionId !== null) return row.status === status ? row : repo.updateRefund(row.id, { status }, tx);
      const transactionId = await postCardEntry(tx, request, cardRefundEntry(input, refundRef(refund.id)), {
        action: 'payment.card_refunded',
        details: { payment: payment.id, refund: refund.id, amount: row.amountMinor },
      });
      return repo.updateRefund(row.id, { status, transactionId }, tx);
    }
    if ((status === 'failed' || status === 'canceled') && wasOpen) {
      await repo.addRefunded(payment.id, -row.amountMinor, tx);
      if (row.transactionId !== null) {
        await postCardEntry(tx, request, failedRefundEntry(input, refundFailedRef(refund.id)), {
          action: 'payment.card_refund_failed',
          details: { payment: payment.id, refund: refund.id, amount: row.amountMinor },
        });
      }
      return repo.updateRefund(row.id, { status }, tx);
    }
    return wasOpen && row.status !== status ? repo.updateRefund(row.id, { status }, tx) : row;
  }

  function unknownIntent(request: FastifyRequest, intentId: string): Outcome {
    request.log.warn({ intent: intentId }, 'card payment webhook for an intent Paddock did not create: ignored');
    return 'ignored';
  }

  /**
   * `payment_intent.succeeded`: ask the provider, then post once. A signed event for an intent
   * Paddock does not know (another integration on the same account, a deleted row) is answered
   * `ignored` and logged, not refused: the provider retries any answer but 2xx for days.
   */
  async function onSucceeded(request: FastifyRequest, stripe: Stripe, event: Stripe.Event): Promise<Outcome> {
    const sent = event.data.object as Stripe.PaymentIntent;
    const placeholder = Number(sent.metadata?.paddock_payment);
    const named = Number.isSafeInteger(placeholder) && placeholder > 0 ? placeholder : null;
    const { seen, posted, known } = await repo.deliveryState(event.id, sent.id, named);
    if (seen) return 'duplicate';
    if (!known) return unknownIntent(request, sent.id);
    if (posted) {
      await ctx.db.transaction((tx) => record(tx, event, sent.id));
      return 'duplicate';
    }
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(sent.id, { expand: ['latest_charge.balance_transaction'] });
    } catch (err) {
      if (!isMissing(err)) throw err;
      return unknownIntent(request, sent.id);
    }
    return ctx.db.transaction(async (tx) => {
      const found = await lockPayment(tx, intent);
      if (!found) return unknownIntent(request, intent.id);
      const { row, nextId } = found;
      if (intent.status !== 'succeeded') {
        if (!(await record(tx, event, intent.id))) return 'duplicate';
        await repo.updatePayment(row.id, { status: nextStatus(row.status, statusOf(intent.status)) }, tx);
        return 'done';
      }
      return postPayment(tx, request, row, nextId, intent, event);
    });
  }

  /** Every other news of an intent: its status and failure message, never posting. */
  async function onIntentChanged(event: Stripe.Event): Promise<Outcome> {
    const intent = event.data.object as Stripe.PaymentIntent;
    return ctx.db.transaction(async (tx) => {
      if (!(await record(tx, event, intent.id))) return 'duplicate';
      const row = (await repo.paymentOfIntent(intent.id, tx, true)) ?? (await lockPayment(tx, intent))?.row;
      if (!row) return 'ignored';
      const failure =
        event.type === 'payment_intent.payment_failed' ? (intent.last_payment_error?.message ?? null) : undefined;
      await repo.updatePayment(
        row.id,
        {
          status: nextStatus(row.status, statusOf(intent.status)),
          ...(failure !== undefined && row.status !== 'succeeded' ? { failureMessage: failure } : {}),
        },
        tx,
      );
      return 'done';
    });
  }

  /** `refund.created` / `refund.updated` / `refund.failed`: the refund as the provider has it now. */
  async function onRefund(request: FastifyRequest, stripe: Stripe, event: Stripe.Event): Promise<Outcome> {
    const sent = event.data.object as Stripe.Refund;
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.retrieve(sent.id);
    } catch (err) {
      if (!isMissing(err)) throw err;
      refund = sent;
    }
    const intentId = idOf(refund.payment_intent);
    return ctx.db.transaction(async (tx) => {
      if (!(await record(tx, event, refund.id))) return 'duplicate';
      const payment = intentId ? await repo.paymentOfIntent(intentId, tx, true) : undefined;
      if (!payment) return 'ignored';
      let row = await repo.refundOfProvider(refund.id, tx, true);
      const waiting = Number(refund.metadata?.paddock_refund);
      if (!row && Number.isSafeInteger(waiting) && waiting > 0) {
        const placeholder = await repo.placeholderRefund(waiting, payment.id, tx);
        if (placeholder) row = await repo.updateRefund(placeholder.id, { refundId: refund.id }, tx);
      }
      if (!row) {
        // A refund made at the provider itself (its dashboard): Paddock books it all the same.
        const left = payment.amountMinor - payment.refundedMinor;
        const amount = Math.min(refund.amount, left);
        if (amount <= 0) return 'ignored';
        row = (await repo.insertRefund(
          {
            refundId: refund.id,
            paymentId: payment.id,
            amountMinor: amount,
            status: 'pending',
            idempotencyKey: `provider:${refund.id}`,
          },
          tx,
        ))!;
        await repo.addRefunded(payment.id, amount, tx);
      }
      await applyRefund(tx, request, payment, row, refund, null);
      return 'done';
    });
  }

  return {
    applyRefund,

    /** Handles one verified event; never throws for events Paddock does not act on. */
    async handle(request: FastifyRequest, stripe: Stripe, event: Stripe.Event): Promise<Outcome> {
      const acted = event.type.startsWith('payment_intent.') || event.type.startsWith('refund.');
      if (!acted) return 'ignored';
      if (await repo.eventSeen(event.id)) return 'duplicate';
      switch (event.type) {
        case 'payment_intent.succeeded':
          return onSucceeded(request, stripe, event);
        case 'payment_intent.payment_failed':
        case 'payment_intent.canceled':
        case 'payment_intent.processing':
        case 'payment_intent.requires_action':
          return onIntentChanged(event);
        case 'refund.created':
        case 'refund.updated':
        case 'refund.failed':
          return onRefund(request, stripe, event);
        default:
          return 'ignored';
      }
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
