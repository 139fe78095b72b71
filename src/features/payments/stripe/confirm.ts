import type { PaymentIntent as ProviderIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import type { PaymentIntent } from '@shared/schemas/payments';

/** What confirming a payment with the provider came to. */
export type ConfirmOutcome =
  /** The provider answered; the payment's real outcome comes from GET payments/{intent}/. */
  | { kind: 'done'; intent: string; status: string }
  /** The browser is on its way to the provider (3-D Secure) and comes back to /confirmPayment/. */
  | { kind: 'redirect'; intent: string }
  /** The provider refused: its own message ("Your card was declined."). */
  | { kind: 'error'; intent: string; message: string };

/** Leaving the page for the provider's authentication (a seam for tests). */
export type Navigate = (url: string) => void;
const leave: Navigate = (url) => window.location.assign(url);

const FINAL = new Set(['succeeded', 'processing', 'canceled']);

function failed(intent: string, error: StripeError, fallback: string): ConfirmOutcome {
  return { kind: 'error', intent, message: error.message || fallback };
}

/** A provider intent that wants more from the payer: off to its page, or its own dialog. */
async function nextAction(
  stripe: Stripe,
  secret: string,
  provider: ProviderIntent,
  navigate: Navigate,
  fallback: string,
): Promise<ConfirmOutcome> {
  const url = provider.next_action?.redirect_to_url?.url;
  if (provider.next_action?.type === 'redirect_to_url' && url) {
    navigate(url);
    return { kind: 'redirect', intent: provider.id };
  }
  const handled = await stripe.handleNextAction({ clientSecret: secret });
  if (handled.error) return failed(provider.id, handled.error, fallback);
  return { kind: 'done', intent: provider.id, status: handled.paymentIntent?.status ?? provider.status };
}

/**
 * Confirm Paddock's PaymentIntent with the provider: with the new card's element, or with the
 * saved card the server attached. Strong customer authentication leaves the page for the
 * provider's (return_url: /confirmPayment/), as the provider asks.
 */
export async function confirmPayment(
  stripe: Stripe,
  intent: PaymentIntent,
  options: { card: StripeCardElement | null; returnUrl: string; fallback: string; navigate?: Navigate },
): Promise<ConfirmOutcome> {
  const { card, returnUrl, fallback, navigate = leave } = options;
  if (FINAL.has(intent.status)) return { kind: 'done', intent: intent.id, status: intent.status };
  if (intent.status === 'requires_action') {
    const current = await stripe.retrievePaymentIntent(intent.client_secret);
    if (current.error) return failed(intent.id, current.error, fallback);
    return nextAction(stripe, intent.client_secret, current.paymentIntent, navigate, fallback);
  }
  const result = await stripe.confirmCardPayment(
    intent.client_secret,
    { ...(card ? { payment_method: { card } } : {}), return_url: returnUrl },
    { handleActions: false },
  );
  if (result.error) return failed(intent.id, result.error, fallback);
  if (result.paymentIntent.status === 'requires_action') {
    return nextAction(stripe, intent.client_secret, result.paymentIntent, navigate, fallback);
  }
  return { kind: 'done', intent: intent.id, status: result.paymentIntent.status };
}

/** Confirm a SetupIntent with the card element: the token to save (the SetupIntent id), or the provider's message. */
export async function confirmSetup(
  stripe: Stripe,
  clientSecret: string,
  card: StripeCardElement,
  fallback: string,
): Promise<{ token: string } | { error: string }> {
  const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
  if (result.error) return { error: result.error.message || fallback };
  if (result.setupIntent.status !== 'succeeded') return { error: fallback };
  return { token: result.setupIntent.id };
}
