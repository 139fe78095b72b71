import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentIntent } from '@shared/schemas/payments';
import { confirmPayment, confirmSetup } from './confirm';

const intent = (status: PaymentIntent['status']): PaymentIntent => ({
  id: 'pi_1',
  client_secret: 'pi_1_secret_x',
  status,
  amount: 1250,
  currency: 'EUR',
});
const card = { elementType: 'card' } as unknown as StripeCardElement;
const options = { returnUrl: 'http://localhost/confirmPayment/', fallback: 'Nothing was charged.' };
const threeDS = {
  id: 'pi_1',
  status: 'requires_action',
  next_action: {
    type: 'redirect_to_url',
    redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/authenticate/pi_1', return_url: options.returnUrl },
  },
};

function provider(overrides: Partial<Record<keyof Stripe, unknown>>): Stripe {
  return {
    confirmCardPayment: vi.fn(),
    confirmCardSetup: vi.fn(),
    retrievePaymentIntent: vi.fn(),
    handleNextAction: vi.fn(),
    ...overrides,
  } as unknown as Stripe;
}

describe('confirmPayment', () => {
  it('confirms a new card with its element and the return URL, handling next actions itself', async () => {
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const stripe = provider({ confirmCardPayment });
    const outcome = await confirmPayment(stripe, intent('requires_payment_method'), { ...options, card });
    expect(outcome).toEqual({ kind: 'done', intent: 'pi_1', status: 'succeeded' });
    expect(confirmCardPayment).toHaveBeenCalledWith(
      'pi_1_secret_x',
      { payment_method: { card }, return_url: options.returnUrl },
      { handleActions: false },
    );
  });

  it('confirms a saved card (attached by the server) without payment method data', async () => {
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'processing' } }));
    const outcome = await confirmPayment(provider({ confirmCardPayment }), intent('requires_confirmation'), {
      ...options,
      card: null,
    });
    expect(outcome).toEqual({ kind: 'done', intent: 'pi_1', status: 'processing' });
    expect(confirmCardPayment).toHaveBeenCalledWith(
      'pi_1_secret_x',
      { return_url: options.returnUrl },
      { handleActions: false },
    );
  });

  it('sends the browser to the provider for 3-D Secure', async () => {
    const navigate = vi.fn();
    const stripe = provider({ confirmCardPayment: vi.fn(async () => ({ paymentIntent: threeDS })) });
    const outcome = await confirmPayment(stripe, intent('requires_payment_method'), { ...options, card, navigate });
    expect(outcome).toEqual({ kind: 'redirect', intent: 'pi_1' });
    expect(navigate).toHaveBeenCalledWith('https://hooks.stripe.com/3d_secure_2/authenticate/pi_1');
  });

  it('an intent the server left waiting for authentication: the next action is asked of the provider', async () => {
    const navigate = vi.fn();
    const retrievePaymentIntent = vi.fn(async () => ({ paymentIntent: threeDS }));
    const confirmCardPayment = vi.fn();
    const outcome = await confirmPayment(
      provider({ retrievePaymentIntent, confirmCardPayment }),
      intent('requires_action'),
      {
        ...options,
        card: null,
        navigate,
      },
    );
    expect(outcome.kind).toBe('redirect');
    expect(retrievePaymentIntent).toHaveBeenCalledWith('pi_1_secret_x');
    expect(confirmCardPayment).not.toHaveBeenCalled();
  });

  it("a declined card: the provider's own message", async () => {
    const stripe = provider({
      confirmCardPayment: vi.fn(async () => ({ error: { type: 'card_error', message: 'Your card was declined.' } })),
    });
    expect(await confirmPayment(stripe, intent('requires_payment_method'), { ...options, card })).toEqual({
      kind: 'error',
      intent: 'pi_1',
      message: 'Your card was declined.',
    });
  });

  it('a payment already final is not confirmed again', async () => {
    const confirmCardPayment = vi.fn();
    const outcome = await confirmPayment(provider({ confirmCardPayment }), intent('succeeded'), {
      ...options,
      card: null,
    });
    expect(outcome).toEqual({ kind: 'done', intent: 'pi_1', status: 'succeeded' });
    expect(confirmCardPayment).not.toHaveBeenCalled();
  });
});

describe('confirmSetup', () => {
  it('returns the SetupIntent id to save once the setup is complete', async () => {
    const confirmCardSetup = vi.fn(async () => ({ setupIntent: { id: 'seti_9', status: 'succeeded' } }));
    expect(await confirmSetup(provider({ confirmCardSetup }), 'seti_9_secret_y', card, 'failed')).toEqual({
      token: 'seti_9',
    });
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_9_secret_y', { payment_method: { card } });
  });

  it("shows the provider's message, and never saves a setup that is not complete", async () => {
    const declined = provider({
      confirmCardSetup: vi.fn(async () => ({ error: { message: 'Your card was declined.' } })),
    });
    expect(await confirmSetup(declined, 's', card, 'failed')).toEqual({ error: 'Your card was declined.' });
    const waiting = provider({
      confirmCardSetup: vi.fn(async () => ({ setupIntent: { id: 'seti_9', status: 'requires_action' } })),
    });
    expect(await confirmSetup(waiting, 's', card, 'failed')).toEqual({ error: 'failed' });
  });
});
