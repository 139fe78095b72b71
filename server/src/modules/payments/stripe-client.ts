import { createHash, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../app-error';
import type { Config, StripeConfig } from '../../config';

/**
 * The card provider's server SDK (stripe 23), built from the configuration: the secret key and,
 * for tests and development only, another address of its API (the local test double). Every
 * write to the provider carries an idempotency key of Paddock's own (`keyOf`: derived from the
 * row or request it belongs to, so a retry — the SDK's own network retries included — is the
 * same request to the provider); reads (GET) need none.
 */

export type Provider = Stripe;
export type { Stripe };

/** The provider's SDK, or null when card payments are not set up. */
export function createProvider(config: Pick<Config, 'stripe'>): Stripe | null {
  const stripe: StripeConfig | null = config.stripe;
  if (!stripe) return null;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Paddock' },
    ...(stripe.api ? { host: stripe.api.host, port: stripe.api.port, protocol: stripe.api.protocol } : {}),
  });
}

/** A provider idempotency key for `scope` (customer, payment, refund, …) from what identifies the request. */
export function keyOf(scope: string, ...parts: (string | number)[]): string {
  return `paddock-${scope}-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40)}`;
}

/** A key for a one-off write that nothing retries but the SDK itself. */
export const freshKey = (scope: string): string => keyOf(scope, randomUUID());

/** The provider's refusal as the app answers it: a card error with the provider's message, else 502/400. */
export function providerFailure(err: unknown): AppError {
  if (err instanceof Stripe.errors.StripeCardError) {
    return new AppError('card_declined', {
      status: 402,
      params: { message: err.message, code: err.code ?? '', decline_code: err.decline_code ?? '' },
    });
  }
  if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError('payment_provider_error', { status: 400, params: { message: err.message } });
  }
  return new AppError('payment_provider_error', { status: 502 });
}

export const isProviderError = (err: unknown): err is Stripe.errors.StripeError =>
  err instanceof Stripe.errors.StripeError;

/** A definite refusal of the provider (the request changed nothing there); anything else leaves the outcome unknown. */
export const isRefusal = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeCardError ||
  err instanceof Stripe.errors.StripeInvalidRequestError ||
  err instanceof Stripe.errors.StripeIdempotencyError;

/** The provider's "no such object" (a deleted or foreign id). */
export const isMissing = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);

/** The payment intent a card error carries (a declined confirmation leaves it requires_payment_method). */
export function intentOfCardError(err: unknown): Stripe.PaymentIntent | null {
  if (!(err instanceof Stripe.errors.StripeCardError)) return null;
  const raw = err.raw as { payment_intent?: Stripe.PaymentIntent };
  return raw.payment_intent ?? null;
}
