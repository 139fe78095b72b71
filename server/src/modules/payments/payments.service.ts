import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { PartyType } from '@shared/ledger';
import {
  CARD_MAX_MINOR,
  cardMinimumOf,
  type CardPayment,
  type CardRefund,
  type ChargeCardInput,
  type CreatePaymentInput,
  type PayingPartyType,
  type Payable,
  type PaymentIntent,
  type RefundInput,
} from '@shared/schemas/payments';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { IdempotencyClaim, Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { assertKnownVenueAccess } from '../venue/venue-access';
import { isPartyAtVenue } from '../participation/party-at-venue';
import { mayReadPayment, payerFor, type Payer } from './payment-access';
import { isFinal, nextStatus, paymentToWire, refundToWire, statusOf } from './payment-wire';
import {
  createPaymentsRepo,
  isPlaceholder,
  PLACEHOLDER,
  type CardPaymentRow,
  type CardRefundRow,
} from './payments.repo';
import type { Settlement } from './settlement';
import { intentOfCardError, isRefusal, keyOf, providerFailure, type Stripe } from './stripe-client';

/** A payment row's idempotency key: the requesting user's own key, scoped to them. */
const rowKey = (claim: IdempotencyClaim) => `${claim.userId}:${claim.key}`;

const intentToWire = (intent: Stripe.PaymentIntent): PaymentIntent => ({
  id: intent.id,
  client_secret: intent.client_secret!,
  status: statusOf(intent.status),
  amount: intent.amount,
  currency: intent.currency.toUpperCase(),
});

/**
 * Paying balances by card: what a party can pay and where, a payment intent
 * for the payer's page to confirm (a saved card or a new one), the office charging a saved card
 * off-session, a payment's real outcome, the venue's card payments and their refunds. Nothing
 * here posts a payment to the ledger: the provider's webhook does (settlement.ts). A refund
 * posts once the provider confirms it, from here or from its webhook, whichever is first.
 */
export function createPaymentsService(ctx: AppContext, provider: () => Stripe, settlement: Settlement) {
  const repo = createPaymentsRepo(ctx.db);

  async function wire(id: number): Promise<CardPayment> {
    const row = await repo.wireOf(id);
    if (!row) throw new AppError('not_found');
    return paymentToWire(row);
  }

  /** Amount and currency against the venue and what the party owes there (less card payments under way). */
  async function checkAmount(venue: { id: number; currency: string }, payer: Payer, amount: number, currency: string) {
    if (currency !== venue.currency) throw fieldError('currency', 'wrong_currency');
    if (amount < cardMinimumOf(venue.currency)) throw fieldError('amount', 'below_minimum');
    // A party pays only at a show it takes part in: the card entry posts to its account there.
    if (!(await isPartyAtVenue(ctx.db, payer.type, venue.id, payer.id))) throw fieldError('venue', 'not_at_venue');
    const open = Math.max(0, -(await repo.balanceAt(venue.id, payer)));
    const pending = (await repo.pendingAt([venue.id], payer)).get(venue.id) ?? 0;
    if (amount > Math.min(open - pending, CARD_MAX_MINOR)) throw fieldError('amount', 'over_balance');
  }

  /** The saved card `cardId` of the party's login, with that login's provider customer. */
  async function cardOfParty(cardId: number, payer: Payer) {
    const card = await repo.card(cardId);
    const customer = card && (await repo.customerOf(card.userId));
    if (!card || card.removedAt || card.userId !== payer.userId || !customer || isPlaceholder(customer.customerId)) {
      throw fieldError('card', 'does_not_exist');
    }
    return { method: card.paymentMethodId, customer: customer.customerId };
  }

  /** The provider's news of an intent written to its row (never regressing a final status; never posting). */
  async function sync(rowId: number, intent: Stripe.PaymentIntent): Promise<CardPaymentRow> {
    return ctx.db.transaction(async (tx) => {
      const row = (await repo.payment(rowId, tx, true))!;
      const failed = intent.status === 'requires_payment_method' && intent.last_payment_error;
      return repo.updatePayment(
        row.id,
        {
          intentId: intent.id,
          status: nextStatus(row.status, statusOf(intent.status)),
          paymentMethodId:
            (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id) ??
            row.paymentMethodId,
          ...(failed && row.status !== 'succeeded'
            ? { failureMessage: intent.last_payment_error!.message ?? null }
            : {}),
        },
        tx,
      );
    });
  }

  /**
   * Creates the row's intent at the provider (its idempotency key is the row's: a retry is the
   * same intent). A declined card marks the row failed with the provider's message and cancels
   * the intent; a refusal marks it cancelled; an unknown outcome (the provider unreachable)
   * leaves it for a retry with the same key.
   */
  async function createIntent(
    row: CardPaymentRow,
    venueName: string,
    options: { customer: string | null; method: string | null; offSession: boolean },
  ): Promise<Stripe.PaymentIntent> {
    const stripe = provider();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: row.amountMinor,
          currency: row.currency.toLowerCase(),
          allowed_payment_method_types: ['card'],
          ...(options.customer ? { customer: options.customer } : {}),
          ...(options.method ? { payment_method: options.method } : {}),
          ...(options.offSession ? { confirm: true, off_session: true } : {}),
          description: `Paddock · ${venueName}`.slice(0, 1000),
          metadata: {
            paddock_payment: String(row.id),
            venue: String(row.venueId),
            party_type: row.partyType,
            party_id: String(row.partyId),
            origin: row.origin,
          },
        },
        { idempotencyKey: keyOf('payment', row.idempotencyKey) },
      );
      await sync(row.id, intent);
      return intent;
    } catch (err) {
      const declined = intentOfCardError(err);
      if (declined) {
        await ctx.db.transaction(async (tx) => {
          const current = (await repo.payment(row.id, tx, true))!;
          if (current.status === 'succeeded') return;
          await repo.updatePayment(
            row.id,
            { intentId: declined.id, status: 'failed', failureMessage: (err as Error).message },
            tx,
          );
        });
        await stripe.paymentIntents
          .cancel(declined.id, {}, { idempotencyKey: keyOf('cancel', declined.id) })
          .catch(() => undefined);
      } else if (isRefusal(err)) {
        await repo.updatePayment(row.id, { status: 'canceled', failureMessage: (err as Error).message });
      }
      throw providerFailure(err);
    }
  }

  /** The same request again (its Idempotency-Key): the same payment, or 422 when the request differs. */
  function assertSameRequest(
    row: CardPaymentRow,
    input: { venue: number; party_type: string; party_id: number; amount: number; currency: string },
  ) {
    const same =
      row.venueId === input.venue &&
      row.partyType === input.party_type &&
      row.partyId === input.party_id &&
      row.amountMinor === input.amount &&
      row.currency === input.currency;
    if (!same) throw new AppError('idempotency_mismatch');
  }

  /** An earlier attempt's answer again: its outcome, or the provider call it could not finish. */
  function failureOf(row: CardPaymentRow): AppError | null {
    if (row.status === 'failed') {
      return new AppError('card_declined', { status: 402, params: { message: row.failureMessage ?? '' } });
    }
    if (row.status === 'canceled' && isPlaceholder(row.intentId)) {
      return new AppError('payment_provider_error', { status: 400, params: { message: row.failureMessage ?? '' } });
    }
    return null;
  }

  async function payerOrField(user: RequestUser, type: PayingPartyType, id: number) {
    return payerFor(repo, user, type, id, () => fieldError('party_id', 'does_not_exist'));
  }

  async function venueOrField(id: number) {
    const venue = await repo.venue(id);
    if (!venue) throw fieldError('venue', 'does_not_exist');
    return venue;
  }

  return {
    async payable(user: RequestUser, type: PayingPartyType, id: number): Promise<Payable[]> {
      const payer = await payerFor(repo, user, type, id, () => new AppError('not_found'));
      provider();
      const owed = await repo.owedAt(payer);
      const pending = await repo.pendingAt(
        owed.map((row) => row.venue),
        payer,
      );
      return owed.map((row) => ({
        venue: row.venue,
        venue_name: row.venueName,
        currency: row.currency,
        open: -row.balance,
        pending: pending.get(row.venue) ?? 0,
        minimum: cardMinimumOf(row.currency),
      }));
    },

    async create(
      request: FastifyRequest,
      input: CreatePaymentInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<PaymentIntent>> {
      const user = sessionOf(request);
      const payer = await payerOrField(user, input.party_type, input.party_id);
      const stripe = provider();
      const venue = await venueOrField(input.venue);
      // Self-checkout is the venue's choice (venue setting `self_checkout`); createPayment is always open.
      if (input.origin === 'checkout' && !venue.selfCheckout) throw fieldError('origin', 'self_checkout_off');
      const card = input.card === undefined ? null : await cardOfParty(input.card, payer);
      const key = rowKey(claim);
      let row = await repo.paymentOfKey(key);
      let replayed = row !== undefined;
      if (!row) {
        await checkAmount(venue, payer, input.amount, input.currency);
        row = await repo.insertPayment({
          intentId: `${PLACEHOLDER}${randomUUID()}`,
          venueId: venue.id,
          partyType: payer.type,
          partyId: payer.id,
          userId: user.id,
          origin: input.origin,
          amountMinor: input.amount,
          currency: venue.currency,
          status: 'requires_payment_method',
          paymentMethodId: card?.method ?? null,
          idempotencyKey: key,
        });
        replayed = row === undefined;
        row ??= (await repo.paymentOfKey(key))!;
      }
      if (replayed) {
        assertSameRequest(row, input);
        // A new card's payment method is only known once the page confirmed it: not compared.
        if ((card && row.paymentMethodId !== card.method) || row.origin !== input.origin) {
          throw new AppError('idempotency_mismatch');
        }
        const failure = failureOf(row);
        if (failure) throw failure;
      }
      if (isPlaceholder(row.intentId)) {
        const intent = await createIntent(row, venue.name, {
          customer: card?.customer ?? null,
          method: card?.method ?? null,
          offSession: false,
        });
        return { status: 201, body: intentToWire(intent), replayed };
      }
      try {
        const intent = await stripe.paymentIntents.retrieve(row.intentId);
        await sync(row.id, intent);
        return { status: 201, body: intentToWire(intent), replayed };
      } catch (err) {
        throw providerFailure(err);
      }
    },

    async chargeCard(
      request: FastifyRequest,
      venueId: number,
      input: ChargeCardInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<CardPayment>> {
      const user = sessionOf(request);
      await assertKnownVenueAccess(ctx.db, user, venueId, { office: true });
      provider();
      const venue = (await repo.venue(venueId))!;
      const party = await repo.party({ type: input.party_type as PartyType, id: input.party_id });
      if (!party) throw fieldError('party_id', 'does_not_exist');
      const payer: Payer = { type: input.party_type, id: input.party_id, userId: party.userId, name: party.name };
      const card = await cardOfParty(input.card, payer);
      const key = rowKey(claim);
      let row = await repo.paymentOfKey(key);
      let replayed = row !== undefined;
      if (!row) {
        await checkAmount(venue, payer, input.amount, input.currency);
        row = await repo.insertPayment({
          intentId: `${PLACEHOLDER}${randomUUID()}`,
          venueId,
          partyType: payer.type,
          partyId: payer.id,
          userId: user.id,
          origin: 'office',
          amountMinor: input.amount,
          currency: venue.currency,
          status: 'requires_payment_method',
          paymentMethodId: card.method,
          idempotencyKey: key,
        });
        replayed = row === undefined;
        row ??= (await repo.paymentOfKey(key))!;
      }
      if (replayed) {
        assertSameRequest(row, { ...input, venue: venueId });
        if (row.paymentMethodId !== card.method || row.origin !== 'office') throw new AppError('idempotency_mismatch');
        const failure = failureOf(row);
        if (failure) throw failure;
      }
      if (isPlaceholder(row.intentId)) {
        await createIntent(row, venue.name, { customer: card.customer, method: card.method, offSession: true });
      }
      return { status: 201, body: await wire(row.id), replayed };
    },

    /** The real outcome (the confirmPayment page): asks the provider while it is not final; never posts. */
    async get(user: RequestUser, intentId: string): Promise<CardPayment> {
      const row = await repo.paymentOfIntent(intentId);
      if (!row || !(await mayReadPayment(repo, user, row))) throw new AppError('not_found');
      const stripe = provider();
      if (!isFinal(row.status)) {
        try {
          await sync(row.id, await stripe.paymentIntents.retrieve(intentId));
        } catch (err) {
          throw providerFailure(err);
        }
      }
      return wire(row.id);
    },

    async list(user: RequestUser, venueId: number, party: { type: PayingPartyType; id: number } | null) {
      await assertKnownVenueAccess(ctx.db, user, venueId, { office: true });
      provider();
      return (await repo.listWire(venueId, party)).map(paymentToWire);
    },

    async refund(
      request: FastifyRequest,
      paymentId: number,
      input: RefundInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<CardRefund>> {
      const user = sessionOf(request);
      const payment = await repo.payment(paymentId);
      if (!payment) throw new AppError('not_found');
      await assertKnownVenueAccess(ctx.db, user, payment.venueId, { office: true });
      const stripe = provider();
      const key = rowKey(claim);
      let row: CardRefundRow | undefined = await repo.refundOfKey(key);
      const replayed = row !== undefined;
      if (row) {
        if (row.paymentId !== payment.id || (input.amount !== undefined && input.amount !== row.amountMinor)) {
          throw new AppError('idempotency_mismatch');
        }
        if (row.status === 'failed' && isPlaceholder(row.refundId)) throw new AppError('payment_provider_error');
      } else {
        row = await ctx.db.transaction(async (tx) => {
          const locked = (await repo.payment(payment.id, tx, true))!;
          if (locked.status !== 'succeeded' || locked.transactionId === null)
            throw fieldError('__all__', 'not_refundable');
          const left = locked.amountMinor - locked.refundedMinor;
          const amount = input.amount ?? left;
          if (amount <= 0 || amount > left) throw fieldError('amount', 'over_refundable');
          const inserted = await repo.insertRefund(
            {
              refundId: `${PLACEHOLDER}${randomUUID()}`,
              paymentId: payment.id,
              amountMinor: amount,
              status: 'pending',
              idempotencyKey: key,
              createdByUserId: user.id,
            },
            tx,
          );
          if (!inserted) throw new AppError('conflict');
          await repo.addRefunded(payment.id, amount, tx);
          return inserted;
        });
      }
      const reserved = row;
      if (isPlaceholder(reserved.refundId) && reserved.status === 'pending') {
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: payment.intentId,
              amount: reserved.amountMinor,
              reason: 'requested_by_customer',
              metadata: { paddock_refund: String(reserved.id), paddock_payment: String(payment.id) },
            },
            { idempotencyKey: keyOf('refund', reserved.idempotencyKey) },
          );
          row = await ctx.db.transaction(async (tx) => {
            const locked = (await repo.payment(payment.id, tx, true))!;
            let current = (await repo.refund(reserved.id, tx, true))!;
            if (isPlaceholder(current.refundId))
              current = await repo.updateRefund(current.id, { refundId: refund.id }, tx);
            return settlement.applyRefund(tx, request, locked, current, refund, user.id);
          });
        } catch (err) {
          if (isRefusal(err)) {
            await ctx.db.transaction(async (tx) => {
              await repo.payment(payment.id, tx, true);
              const current = (await repo.refund(reserved.id, tx, true))!;
              if (isPlaceholder(current.refundId) && current.status === 'pending') {
                await repo.updateRefund(current.id, { status: 'failed' }, tx);
                await repo.addRefunded(payment.id, -current.amountMinor, tx);
              }
            });
          }
          throw err instanceof AppError ? err : providerFailure(err);
        }
      }
      return { status: 201, body: refundToWire(row), replayed };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
