import { randomUUID } from 'node:crypto';
import type { PartyType } from '@shared/ledger';
import type { PayingPartyType, SavedCard, SetupIntent } from '@shared/schemas/payments';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { IdempotencyClaim } from '../../http/idempotency';
import type { RequestUser } from '../../types';
import { assertKnownVenueAccess } from '../venue/venue-access';
import { cardOwner } from './payment-access';
import { cardToWire } from './payment-wire';
import { createPaymentsRepo, isPlaceholder, PLACEHOLDER } from './payments.repo';
import { freshKey, isMissing, keyOf, providerFailure, type Stripe } from './stripe-client';

/** A claim on creating a user's customer older than this is taken over (its request died). */
const STALE_CLAIM_MS = 30_000;
const CLAIM_WAIT_MS = 50;
const CLAIM_TRIES = 400;

/**
 * Saved cards (spec §7 "User": create_stripe_setup_intent/, stripe/): the provider's
 * customer of a user (one per user), SetupIntents on it, the cards they produced (brand, last
 * four, expiry), removal (detached at the provider, the row kept and marked removed).
 */
export function createCardsService(ctx: AppContext, provider: () => Stripe) {
  const repo = createPaymentsRepo(ctx.db);

  /** Creates the provider customer under a claim the caller holds, and settles the claim. */
  async function createCustomer(owner: Awaited<ReturnType<typeof cardOwner>>, claim: string): Promise<string> {
    try {
      const name = `${owner.firstName ?? ''} ${owner.lastName ?? ''}`.trim();
      const customer = await provider().customers.create(
        { email: owner.email ?? undefined, name: name || undefined, metadata: { paddock_user: String(owner.id) } },
        { idempotencyKey: keyOf('customer', claim) },
      );
      if (await repo.settleClaim(owner.id, claim, customer.id)) return customer.id;
    } catch (err) {
      await repo.dropClaim(owner.id, claim);
      throw providerFailure(err);
    }
    // The claim was taken over meanwhile: the other request's customer is the user's.
    return customerOf(owner);
  }

  /**
   * The user's customer, created on first use. Concurrent first calls make one: the first claims
   * the row (its primary key is the user), the others wait for it to be settled.
   */
  async function customerOf(owner: Awaited<ReturnType<typeof cardOwner>>): Promise<string> {
    for (let i = 0; i < CLAIM_TRIES; i++) {
      const row = await repo.customerOf(owner.id);
      if (row && !isPlaceholder(row.customerId)) return row.customerId;
      const claim = `${PLACEHOLDER}${randomUUID()}`;
      if (!row) {
        if (await repo.claimCustomer(owner.id, claim)) return createCustomer(owner, claim);
        continue;
      }
      if (Date.now() - row.createdAt.getTime() > STALE_CLAIM_MS) {
        if (await repo.replaceClaim(owner.id, row.customerId, claim)) return createCustomer(owner, claim);
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_WAIT_MS));
    }
    throw new AppError('conflict');
  }

  /** The user's customer id if it exists (never creates one). */
  async function existingCustomer(userId: number): Promise<string | null> {
    const row = await repo.customerOf(userId);
    return row && !isPlaceholder(row.customerId) ? row.customerId : null;
  }

  /** The payment method a token names: the SetupIntent's (it must have succeeded) or the method itself. */
  async function methodOfToken(token: string, customer: string): Promise<Stripe.PaymentMethod> {
    const stripe = provider();
    try {
      let methodId = token;
      if (token.startsWith('seti_')) {
        const intent = await stripe.setupIntents.retrieve(token);
        if (intent.customer !== customer) throw fieldError('token', 'does_not_exist');
        if (intent.status !== 'succeeded' || !intent.payment_method) throw fieldError('token', 'setup_not_complete');
        methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method.id;
      }
      const method = await stripe.paymentMethods.retrieve(methodId);
      const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      if (owner !== customer || method.type !== 'card' || !method.card) throw fieldError('token', 'does_not_exist');
      return method;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isMissing(err)) throw fieldError('token', 'does_not_exist');
      throw providerFailure(err);
    }
  }

  return {
    async setupIntent(user: RequestUser, userId: number, claim: IdempotencyClaim | null): Promise<SetupIntent> {
      const owner = await cardOwner(ctx.db, user, userId);
      const stripe = provider();
      const customer = await customerOf(owner);
      try {
        const intent = await stripe.setupIntents.create(
          {
            customer,
            allowed_payment_method_types: ['card'],
            usage: 'off_session',
            metadata: { paddock_user: String(owner.id) },
          },
          { idempotencyKey: claim ? keyOf('setup', claim.userId, claim.key, owner.id) : freshKey('setup') },
        );
        return { id: intent.id, client_secret: intent.client_secret! };
      } catch (err) {
        throw providerFailure(err);
      }
    },

    async save(user: RequestUser, userId: number, token: string): Promise<SavedCard> {
      const owner = await cardOwner(ctx.db, user, userId);
      provider();
      const customer = await existingCustomer(owner.id);
      if (!customer) throw fieldError('token', 'does_not_exist');
      const method = await methodOfToken(token, customer);
      const card = method.card!;
      const row = await repo.saveCard({
        userId: owner.id,
        paymentMethodId: method.id,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      });
      if (row.userId !== owner.id || row.removedAt) throw fieldError('token', 'does_not_exist');
      return cardToWire(row);
    },

    async list(user: RequestUser, userId: number): Promise<SavedCard[]> {
      const owner = await cardOwner(ctx.db, user, userId);
      provider();
      return (await repo.listCards(owner.id)).map(cardToWire);
    },

    async remove(user: RequestUser, userId: number, cardId: number): Promise<void> {
      const owner = await cardOwner(ctx.db, user, userId);
      const stripe = provider();
      const card = await repo.card(cardId);
      if (!card || card.userId !== owner.id || card.removedAt) throw new AppError('not_found');
      try {
        await stripe.paymentMethods.detach(
          card.paymentMethodId,
          {},
          { idempotencyKey: keyOf('detach', card.paymentMethodId) },
        );
      } catch (err) {
        // Already detached or gone at the provider: the card is unusable either way.
        const detached = isMissing(err) || (err as { code?: string }).code === 'payment_method_unexpected_state';
        if (!detached) throw providerFailure(err);
      }
      await repo.removeCard(card.id);
    },

    /** The office's look at the saved cards that can pay for a party (its login's). */
    async ofParty(user: RequestUser, venueId: number, type: PayingPartyType, id: number): Promise<SavedCard[]> {
      await assertKnownVenueAccess(ctx.db, user, venueId, { office: true });
      provider();
      const party = await repo.party({ type: type as PartyType, id });
      if (!party) throw new AppError('not_found');
      return party.userId === null ? [] : (await repo.listCards(party.userId)).map(cardToWire);
    },
  };
}
