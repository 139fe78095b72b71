/*
 * Card payments (contract src/shared/schemas/payments.ts).
 *
 *   POST   /api/v1/user/{id}/create_stripe_setup_intent/  → 201 {id, client_secret}   card.manage (the user, admins)
 *          The user's provider customer is created once (concurrent first calls make one).
 *          An Idempotency-Key, when sent, makes a repeat the same SetupIntent.
 *   POST   /api/v1/user/{id}/stripe/ {token: seti_…|pm_…} → 201 savedCard            card.manage
 *          The setup must have succeeded and its card belong to the user's customer (400
 *          token: setup_not_complete | does_not_exist); saving the same card again answers it again.
 *   GET    /api/v1/user/{id}/cards/                       → savedCard[]               card.manage
 *   DELETE /api/v1/user/{id}/cards/{cardId}/              → 204 (detached at the provider, row kept, removed_at set)
 *   GET    /api/v1/payments/payable/?party_type=&party_id= → payable[]                payment.pay (a party the user is, admins)
 *   POST   /api/v1/payments/ createPaymentInput, Idempotency-Key required → 201 paymentIntent   payment.pay
 *          400: amount below_minimum | over_balance (open less card payments under way), currency
 *          wrong_currency, party_id / card / venue does_not_exist. A repeat answers the same intent.
 *   POST   /api/v1/venue/{id}/chargeCard/ chargeCardInput, Idempotency-Key required → 201 cardPayment  payment.office
 *          Off-session with the party's saved card; a decline is 402 `card_declined` with the
 *          provider's message in params.message (and decline_code), nothing posted.
 *   GET    /api/v1/payments/{intentId}/                   → cardPayment               payment.read (payer, party, office, admins)
 *          Asks the provider while the status is not final; never posts.
 *   GET    /api/v1/venue/{id}/cardPayments/?party_type=&party_id= → cardPayment[]     payment.office
 *   GET    /api/v1/venue/{id}/partyCards/?party_type=&party_id=   → savedCard[]       payment.office
 *   POST   /api/v1/cardPayments/{id}/refund/ refundInput, Idempotency-Key required → 201 cardRefund  payment.office
 *          Full (no amount) or partial; 400 amount over_refundable, __all__ not_refundable (not posted yet).
 *   POST   /api/v1/stripe/webhook/                        → {received, outcome}        public, signature checked (stripe-webhook.ts)
 *   GET    /api/v1/rider/{id}/selfCheckout/{venueId}/     → selfCheckout              payment.checkout (rider, employer, admins)
 *
 * Without the provider's keys (config.stripe null) every route but the self-checkout statement
 * answers 409 `cards_not_configured` after its access checks (unknown ids 404 first).
 * The ledger: only the webhook's `payment_intent.succeeded` posts a payment (settlement.ts,
 * ledger/card-entries.ts: `pi:<intent>`, the fee in the same entry to card_fees); a refund posts
 * `re:<refund>` when the provider confirms it.
 */
import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import {
  cardPayment,
  cardRefund,
  chargeCardInput,
  createPaymentInput,
  PAYING_PARTY_TYPES,
  partyCardsQuery,
  payable,
  payableQuery,
  paymentIntent,
  refundInput,
  saveCardInput,
  savedCard,
  selfCheckout,
  setupIntent,
} from '@shared/schemas/payments';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { idempotencyOf, requireIdempotency, sendOutcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { createCardsService } from './cards.service';
import { createPaymentsService } from './payments.service';
import { createSelfCheckout } from './self-checkout';
import { createSettlement } from './settlement';
import { createProvider, type Stripe } from './stripe-client';
import { scheduleReconcile } from './reconcile';
import { registerStripeWebhook } from './stripe-webhook';

const params = z.object({ id: idParam });
const cardParams = z.object({ id: idParam, cardId: idParam });
const intentParams = z.object({ intentId: z.string().regex(/^pi_[A-Za-z0-9_]{3,250}$/, { error: 'invalid' }) });
const checkoutParams = z.object({ id: idParam, venueId: idParam });
const cardPaymentsQuery = z
  .object({
    party_type: z.enum(PAYING_PARTY_TYPES, { error: 'invalid' }).optional(),
    party_id: idParam.optional(),
  })
  .refine((q) => (q.party_type === undefined) === (q.party_id === undefined), {
    error: 'required',
    path: ['party_id'],
  });

export function paymentRoutes(app: App, ctx: AppContext): void {
  const stripe = createProvider(ctx.config);
  const provider = (): Stripe => {
    if (!stripe) throw new AppError('cards_not_configured', { status: 409 });
    return stripe;
  };
  const settlement = createSettlement(ctx);
  const cards = createCardsService(ctx, provider);
  const payments = createPaymentsService(ctx, provider, settlement);
  const checkout = createSelfCheckout(ctx);
  const tags = ['payments'];
  const security = [{ bearer: [] }];
  const manageCards = { policy: 'card.manage' as const };
  const pay = { policy: 'payment.pay' as const };
  const office = { policy: 'payment.office' as const };

  registerStripeWebhook(app, ctx, stripe, settlement);
  // The webhook may never come: payments under way are asked about (reconcile.ts).
  if (stripe) scheduleReconcile(app, ctx, stripe, settlement);

  app.post(
    '/api/v1/user/:id/create_stripe_setup_intent/',
    {
      schema: {
        tags,
        security,
        summary: "A SetupIntent on the user's provider customer, to save a card (Idempotency-Key optional)",
        params,
        response: { 201: setupIntent },
      },
      config: manageCards,
    },
    async (request, reply) =>
      reply.status(201).send(await cards.setupIntent(sessionOf(request), request.params.id, idempotencyOf(request))),
  );

  app.post(
    '/api/v1/user/:id/stripe/',
    {
      schema: {
        tags,
        security,
        summary: 'Save the card of a succeeded SetupIntent (token: seti_… or pm_…)',
        params,
        body: saveCardInput,
        response: { 201: savedCard },
      },
      config: manageCards,
    },
    async (request, reply) =>
      reply.status(201).send(await cards.save(sessionOf(request), request.params.id, request.body.token)),
  );

  app.get(
    '/api/v1/user/:id/cards/',
    {
      schema: { tags, security, summary: "The user's saved cards", params, response: { 200: z.array(savedCard) } },
      config: manageCards,
    },
    (request) => cards.list(sessionOf(request), request.params.id),
  );

  app.delete(
    '/api/v1/user/:id/cards/:cardId/',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a saved card (detached at the provider)',
        params: cardParams,
        response: noContent,
      },
      config: manageCards,
    },
    async (request, reply) => {
      await cards.remove(sessionOf(request), request.params.id, request.params.cardId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/payments/payable/',
    {
      schema: {
        tags,
        security,
        summary: 'The venues where the party owes money: open balance, card payments under way, minimum',
        querystring: payableQuery,
        response: { 200: z.array(payable) },
      },
      config: pay,
    },
    (request) => payments.payable(sessionOf(request), request.query.party_type, request.query.party_id),
  );

  app.post(
    '/api/v1/payments/',
    {
      schema: {
        tags,
        security,
        summary: "Pay (part of) a party's balance by card: a PaymentIntent to confirm (Idempotency-Key required)",
        body: createPaymentInput,
        response: { 201: paymentIntent },
      },
      config: pay,
    },
    async (request, reply) =>
      sendOutcome(reply, await payments.create(request, request.body, requireIdempotency(request))),
  );

  app.post(
    '/api/v1/venue/:id/chargeCard/',
    {
      schema: {
        tags,
        security,
        summary: "Charge a party's saved card off-session (Idempotency-Key required; 402 when declined)",
        params,
        body: chargeCardInput,
        response: { 201: cardPayment },
      },
      config: office,
    },
    async (request, reply) =>
      sendOutcome(
        reply,
        await payments.chargeCard(request, request.params.id, request.body, requireIdempotency(request)),
      ),
  );

  app.get(
    '/api/v1/payments/:intentId/',
    {
      schema: {
        tags,
        security,
        summary: "A card payment's real outcome (asks the provider while it is not final; never posts)",
        params: intentParams,
        response: { 200: cardPayment },
      },
      config: { policy: 'payment.read' },
    },
    (request) => payments.get(sessionOf(request), request.params.intentId),
  );

  app.get(
    '/api/v1/venue/:id/cardPayments/',
    {
      schema: {
        tags,
        security,
        summary: "The venue's card payments, newest first (optionally one party's)",
        params,
        querystring: cardPaymentsQuery,
        response: { 200: z.array(cardPayment) },
      },
      config: office,
    },
    (request) => {
      const { party_type, party_id } = request.query;
      const party = party_type && party_id ? { type: party_type, id: party_id } : null;
      return payments.list(sessionOf(request), request.params.id, party);
    },
  );

  app.get(
    '/api/v1/venue/:id/partyCards/',
    {
      schema: {
        tags,
        security,
        summary: 'The saved cards that can pay for a party (to charge one)',
        params,
        querystring: partyCardsQuery,
        response: { 200: z.array(savedCard) },
      },
      config: office,
    },
    (request) => cards.ofParty(sessionOf(request), request.params.id, request.query.party_type, request.query.party_id),
  );

  app.post(
    '/api/v1/cardPayments/:id/refund/',
    {
      schema: {
        tags,
        security,
        summary: 'Refund a card payment, fully or in part (Idempotency-Key required)',
        params,
        body: refundInput,
        response: { 201: cardRefund },
      },
      config: office,
    },
    async (request, reply) =>
      sendOutcome(reply, await payments.refund(request, request.params.id, request.body, requireIdempotency(request))),
  );

  app.get(
    '/api/v1/rider/:id/selfCheckout/:venueId/',
    {
      schema: {
        tags,
        security,
        summary: "Self-checkout: the rider's statement of a show and what is left to pay",
        params: checkoutParams,
        response: { 200: selfCheckout },
      },
      config: { policy: 'payment.checkout' },
    },
    (request) => checkout(sessionOf(request), request.params.id, request.params.venueId),
  );
}
