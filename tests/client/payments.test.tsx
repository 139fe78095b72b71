import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardPayment, Payable, SavedCard, SelfCheckout } from '@shared/schemas/payments';
import { json, makeUser, mockFetch, renderApp } from './helpers';
import { admin, bodies, calls, rider, SLOW, startAs, toasts, type Handler } from './owner-fixtures';

/*
 * The card pages against a mocked server and a fake of the provider's Stripe.js
 * (the real one is a script from js.stripe.com; the browser tests run a double of it).
 */

const provider = vi.hoisted(() => {
  const handlers: Record<string, (payload?: unknown) => void> = {};
  const element = {
    on: (event: string, handler: (payload?: unknown) => void) => {
      handlers[event] = handler;
      return element;
    },
    mount: () => undefined,
    destroy: () => undefined,
  };
  const stripe = {
    elements: () => ({ create: () => element }),
    confirmCardSetup: (() => undefined) as (...args: unknown[]) => unknown,
    confirmCardPayment: (() => undefined) as (...args: unknown[]) => unknown,
    retrievePaymentIntent: () => undefined,
    handleNextAction: () => undefined,
  };
  return { handlers, element, stripe, loadStripe: { calls: 0 } };
});

vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async () => {
    provider.loadStripe.calls += 1;
    return provider.stripe;
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const key of Object.keys(provider.handlers)) delete provider.handlers[key];
});

const KEY = 'pk_test_123';
const config = (key: string | null) => () =>
  json(200, { version: 'test', environment: 'test', impersonation_enabled: false, stripe_publishable_key: key });

function serve(key: string | null, page: Record<string, Handler>) {
  return mockFetch({
    ...page,
    'GET /api/v1/venue/check_hostname/': () => json(200, { logo: null, venue: null }),
    'GET /api/v1/config/': config(key),
  });
}

const visa: SavedCard = {
  id: 5,
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  created_at: '2026-12-01T10:00:00Z',
};
const payable: Payable = {
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  currency: 'EUR',
  open: 12_550,
  pending: 0,
  minimum: 50,
};
const payment = (overrides: Partial<CardPayment> = {}): CardPayment => ({
  id: 3,
  intent_id: 'pi_1',
  venue: 1,
  venue_name: 'Paddock Classic 2026',
  party_type: 'rider',
  party_id: 3,
  party_name: 'Rita Reiter',
  origin: 'self',
  amount: 5000,
  currency: 'EUR',
  status: 'succeeded',
  fee: 100,
  refunded: 0,
  failure_message: null,
  transaction: 77,
  card: { brand: 'visa', last4: '4242' },
  created_at: '2026-12-06T16:00:00Z',
  ...overrides,
});

/** The card element reports that it is ready (its iframe has loaded). */
const elementReady = () => act(() => provider.handlers.ready?.());

describe('without the provider keys', () => {
  it('the credit card page says card payments are not set up, loads nothing of the provider and asks for no cards', async () => {
    startAs(rider);
    const fetchMock = serve(null, {});
    renderApp('/rider/creditCard');
    expect(await screen.findByText('Card payments are not set up', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Credit card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(calls(fetchMock, 'GET', '/api/v1/user/7/cards/')).toHaveLength(0);
    expect(provider.loadStripe.calls).toBe(0);
  });

  it('createPayment says so too', async () => {
    startAs(rider);
    serve(null, { 'GET /api/v1/payments/payable/': () => json(200, [payable]) });
    renderApp('/rider/createPayment');
    expect(await screen.findByText('Card payments are not set up', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('the self-checkout still shows the statement, without a way to pay by card', async () => {
    startAs(rider);
    const fetchMock = serve(null, { 'GET /api/v1/rider/3/selfCheckout/1/': () => json(200, statement()) });
    renderApp('/rider/shows/3/1/selfCheckout');
    expect(await screen.findByText('Box, whole show', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Card payments are not set up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(calls(fetchMock, 'GET', '/api/v1/user/7/cards/')).toHaveLength(0);
    expect(provider.loadStripe.calls).toBe(0);
  });
});

function statement(overrides: Partial<SelfCheckout> = {}): SelfCheckout {
  return {
    venue: 1,
    venue_name: 'Paddock Classic 2026',
    currency: 'EUR',
    enabled: true,
    payer: { party_type: 'rider', party_id: 3, name: 'Rita Reiter' },
    lines: [
      {
        transaction: 1,
        date: '2026-12-03T09:00:00Z',
        kind: 'charge',
        description: 'Box, whole show',
        quantity: 1,
        amount: -35_000,
      },
      {
        transaction: 2,
        date: '2026-12-04T09:00:00Z',
        kind: 'payment',
        description: 'Cash',
        quantity: 1,
        amount: 20_000,
      },
    ],
    charged: 35_000,
    paid: 20_000,
    open: 15_000,
    pending: 0,
    minimum: 50,
    can_pay: true,
    ...overrides,
  };
}

describe('saved cards (creditCard)', () => {
  it('lists brand, last four and expiry, and removes a card after the confirmation', async () => {
    startAs(rider);
    let cards = [visa];
    const fetchMock = serve(KEY, {
      'GET /api/v1/user/7/cards/': () => json(200, cards),
      'DELETE /api/v1/user/7/cards/5/': () => {
        cards = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/rider/creditCard');
    const table = await screen.findByRole('table', { name: 'Saved cards' }, SLOW);
    expect(within(table).getByText('Visa')).toBeTruthy();
    expect(within(table).getByText('•••• 4242')).toBeTruthy();
    expect(within(table).getByText('12/2030')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Visa •••• 4242? It can no longer be used for payments.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No saved cards yet.')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/api/v1/user/7/cards/5/')).toHaveLength(1);
    expect(toasts()).toContain('The card has been removed.');
  });

  it('adds a card: the element is waited for until ready, the setup confirmed, then the token saved and the list refreshed', async () => {
    startAs(rider);
    let cards: SavedCard[] = [];
    const confirmCardSetup = vi.fn(async () => ({ setupIntent: { id: 'seti_1', status: 'succeeded' } }));
    provider.stripe.confirmCardSetup = confirmCardSetup;
    const fetchMock = serve(KEY, {
      'GET /api/v1/user/7/cards/': () => json(200, cards),
      'POST /api/v1/user/7/create_stripe_setup_intent/': () =>
        json(201, { id: 'seti_1', client_secret: 'seti_1_secret_a' }),
      'POST /api/v1/user/7/stripe/': () => {
        cards = [visa];
        return json(201, visa);
      },
    });
    renderApp('/rider/creditCard');
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }, SLOW));
    const save = await screen.findByRole('button', { name: 'Save card' }, SLOW);
    expect(screen.getByText('Loading the card form…')).toBeTruthy();
    // Not ready: nothing can be sent.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(save.hasAttribute('disabled')).toBe(true);
    elementReady();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('Loading the card form…')).toBeNull();
    fireEvent.click(save);
    expect(await screen.findByRole('table', { name: 'Saved cards' })).toBeTruthy();
    expect(await screen.findByText('•••• 4242')).toBeTruthy();
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_a', { payment_method: { card: provider.element } });
    expect(bodies(fetchMock, 'POST', '/api/v1/user/7/stripe/')).toEqual([{ token: 'seti_1' }]);
    expect(toasts()).toContain('The card has been saved.');
  });

  it("a card error shows the provider's own message and saves nothing (spec §8)", async () => {
    startAs(rider);
    provider.stripe.confirmCardSetup = vi.fn(async () => ({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    }));
    const fetchMock = serve(KEY, {
      'GET /api/v1/user/7/cards/': () => json(200, []),
      'POST /api/v1/user/7/create_stripe_setup_intent/': () =>
        json(201, { id: 'seti_2', client_secret: 'seti_2_secret_b' }),
    });
    renderApp('/rider/creditCard');
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }, SLOW));
    const save = await screen.findByRole('button', { name: 'Save card' }, SLOW);
    elementReady();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(calls(fetchMock, 'POST', '/api/v1/user/7/stripe/')).toHaveLength(0);
  });

  it("an admin sees the cards of the rider's user", async () => {
    startAs(admin);
    serve(KEY, {
      'GET /api/v1/rider/5/': () => json(200, { id: 5, user: 42, first_name: 'Max', last_name: 'Muster' }),
      'GET /api/v1/user/42/cards/': () => json(200, [visa]),
    });
    renderApp('/riders/5/creditCard');
    expect(await screen.findByText('•••• 4242', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Max Muster')).toBeTruthy();
  });
});

describe('createPayment', () => {
  it('pays part of the open balance with a saved card: minor units, the Idempotency-Key, the return URL, then the outcome', async () => {
    startAs(rider);
    const confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    provider.stripe.confirmCardPayment = confirmCardPayment;
    const fetchMock = serve(KEY, {
      'GET /api/v1/payments/payable/': () => json(200, [payable]),
      'GET /api/v1/user/7/cards/': () => json(200, [visa]),
      'POST /api/v1/payments/': () =>
        json(201, {
          id: 'pi_1',
          client_secret: 'pi_1_secret_c',
          status: 'requires_confirmation',
          amount: 4321,
          currency: 'EUR',
        }),
      'GET /api/v1/payments/pi_1/': () => json(200, payment({ amount: 4321 })),
    });
    renderApp('/rider/createPayment');
    expect(await screen.findByText('125.50 €', {}, SLOW)).toBeTruthy();
    const amount = screen.getByLabelText(/^Amount \(EUR\)/);
    expect((amount as HTMLInputElement).value).toBe('125.50');
    fireEvent.change(amount, { target: { value: '43.21' } });
    expect(screen.getByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 43.21 €' }));
    expect(await screen.findByText('Payment received', {}, SLOW)).toBeTruthy();
    expect(
      screen.getByText('43.21 € paid with Visa •••• 4242 to Paddock Classic 2026. It is in your balance.'),
    ).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/v1/payments/')).toEqual([
      { venue: 1, party_type: 'rider', party_id: 3, amount: 4321, currency: 'EUR', origin: 'self', card: 5 },
    ]);
    const [, init] = calls(fetchMock, 'POST', '/api/v1/payments/')[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(confirmCardPayment).toHaveBeenCalledWith(
      'pi_1_secret_c',
      { return_url: `${window.location.origin}/confirmPayment/` },
      { handleActions: false },
    );
  });

  it('checks the amount before sending it: above what is open, below the minimum', async () => {
    startAs(rider);
    const fetchMock = serve(KEY, {
      'GET /api/v1/payments/payable/': () => json(200, [payable]),
      'GET /api/v1/user/7/cards/': () => json(200, [visa]),
    });
    renderApp('/rider/createPayment');
    await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' }, SLOW);
    const amount = screen.getByLabelText(/^Amount \(EUR\)/);
    fireEvent.change(amount, { target: { value: '125.51' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 125.51 €' }));
    expect(await screen.findByText('You can pay at most 125.50 €, what is open.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0.49' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 0.49 €' }));
    expect(await screen.findByText('The smallest card payment is 0.50 €.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/api/v1/payments/')).toHaveLength(0);
  });

  it("shows the server's field errors on the amount, translated", async () => {
    startAs(rider);
    serve(KEY, {
      'GET /api/v1/payments/payable/': () => json(200, [payable]),
      'GET /api/v1/user/7/cards/': () => json(200, [visa]),
      'POST /api/v1/payments/': () =>
        json(400, {
          error: 'validation',
          message: 'Please correct the errors below.',
          fields: { amount: ['over_balance'], currency: ['wrong_currency'] },
        }),
    });
    renderApp('/rider/createPayment');
    await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Pay 125.50 €' }));
    const amount = await screen.findByLabelText(/^Amount \(EUR\)/);
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/The amount is more than what is open\./)).toBeTruthy();
    expect(screen.getByText(/Card payments are made in the venue's currency\./)).toBeTruthy();
  });
});

describe('self-checkout', () => {
  it('shows the statement and pays the rest; the balance is then zero', async () => {
    startAs(rider);
    let current = statement();
    provider.stripe.confirmCardPayment = vi.fn(async () => ({ paymentIntent: { id: 'pi_7', status: 'succeeded' } }));
    const fetchMock = serve(KEY, {
      'GET /api/v1/rider/3/selfCheckout/1/': () => json(200, current),
      'GET /api/v1/user/7/cards/': () => json(200, [visa]),
      'POST /api/v1/payments/': () =>
        json(201, {
          id: 'pi_7',
          client_secret: 'pi_7_secret',
          status: 'requires_confirmation',
          amount: 15_000,
          currency: 'EUR',
        }),
      'GET /api/v1/payments/pi_7/': () => {
        current = statement({ paid: 35_000, open: 0 });
        return json(200, payment({ intent_id: 'pi_7', amount: 15_000, origin: 'checkout' }));
      },
    });
    renderApp('/rider/shows/3/1/selfCheckout');
    expect(await screen.findByRole('heading', { name: 'Your statement: Paddock Classic 2026' }, SLOW)).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('150.00 €')).toBeTruthy();
    expect(screen.getByText('Box, whole show')).toBeTruthy();
    await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay 150.00 €' }));
    expect(await screen.findByText('Payment received', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Totals' })).getAllByText('0.00 €')).toHaveLength(1),
    );
    expect(bodies(fetchMock, 'POST', '/api/v1/payments/')).toEqual([
      { venue: 1, party_type: 'rider', party_id: 3, amount: 15_000, currency: 'EUR', origin: 'checkout', card: 5 },
    ]);
  });

  it('an employed rider sees the statement; the employer pays', async () => {
    startAs(rider);
    serve(KEY, {
      'GET /api/v1/rider/3/selfCheckout/1/': () =>
        json(200, statement({ can_pay: false, payer: { party_type: 'employer', party_id: 4, name: 'Gestüt GmbH' } })),
    });
    renderApp('/rider/shows/3/1/selfCheckout');
    expect(await screen.findByText('Gestüt GmbH pays your bill at this show.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });
});

describe('/confirmPayment/', () => {
  it('shows the real outcome from the server, not the link’s word, with the way back', async () => {
    startAs(rider);
    const fetchMock = serve(KEY, {
      'GET /api/v1/payments/pi_9/': () =>
        json(
          200,
          payment({
            intent_id: 'pi_9',
            status: 'requires_payment_method',
            transaction: null,
            failure_message: 'Authentication failed.',
            origin: 'checkout',
          }),
        ),
    });
    renderApp(
      '/confirmPayment/?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret&redirect_status=succeeded',
    );
    expect(await screen.findByText('Not paid', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Authentication failed.')).toBeTruthy();
    expect(screen.queryByText('Confirmed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the self-checkout' }).getAttribute('href')).toBe(
      '/rider/shows/3/1/selfCheckout',
    );
    expect(calls(fetchMock, 'GET', '/api/v1/payments/pi_9/').length).toBeGreaterThan(0);
  });

  it('asks again while the payment is confirmed but not yet in the ledger', async () => {
    startAs(rider);
    let asked = 0;
    serve(KEY, {
      'GET /api/v1/payments/pi_8/': () => {
        asked += 1;
        return json(200, payment({ intent_id: 'pi_8', transaction: asked < 2 ? null : 91 }));
      },
    });
    renderApp('/confirmPayment/?payment_intent=pi_8&redirect_status=succeeded');
    expect(await screen.findByText('Payment confirmed', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Payment received', {}, { timeout: 45_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my balance' }).getAttribute('href')).toBe('/rider/balance');
  });
});

describe('the office without the provider keys', () => {
  it('says card payments are not set up, and asks the server for no card payments (no red toast)', async () => {
    startAs(makeUser({ id: 2, username: 'organizer', roles: ['organizer'], rider_id: null, assigned_venue: 1 }));
    const fetchMock = serve(null, {
      'GET /api/v1/venue/1/cardPayments/': () =>
        json(409, { error: 'cards_not_configured', message: 'Card payments are not set up on this server.' }),
      'GET /api/v1/venue/1/': () =>
        json(200, { id: 1, name: 'Paddock Classic 2026', currency: 'EUR', currencyDisplay: '€' }),
    });
    renderApp('/organizer/transactions');
    expect(await screen.findByText('Card payments are not set up', {}, SLOW)).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/api/v1/venue/1/cardPayments/')).toHaveLength(0);
  });
});

describe("the office's times", () => {
  it("are shown in the venue's time zone, and the footer says which", async () => {
    startAs(makeUser({ id: 2, username: 'organizer', roles: ['organizer'], rider_id: null, assigned_venue: 1 }));
    serve(KEY, {
      'GET /api/v1/venue/1/cardPayments/': () => json(200, [payment({ created_at: '2026-12-06T16:00:00Z' })]),
      'GET /api/v1/venue/1/': () =>
        json(200, {
          id: 1,
          name: 'Paddock Classic 2026',
          currency: 'EUR',
          currencyDisplay: '€',
          time_zone: 'Asia/Tokyo',
        }),
    });
    renderApp('/organizer/transactions');
    // 16:00 UTC is 1:00 the next morning in Tokyo, whatever the device's zone
    expect(await screen.findByText('7.12.2026 1:00', {}, SLOW)).toBeTruthy();
    expect(screen.getByText("Times in Asia/Tokyo (the show's time zone)")).toBeTruthy();
  });
});

describe('the office: card payments on the transactions screen', () => {
  const organizer = makeUser({ id: 2, username: 'organizer', roles: ['organizer'], rider_id: null, assigned_venue: 1 });

  function office(page: Record<string, Handler>) {
    // The first matching prefix answers: the venue's own detail last.
    return serve(KEY, {
      ...page,
      'GET /api/v1/rider/': () =>
        json(200, { count: 1, results: [{ id: 3, name: 'Rita Reiter', fei_id: null, email: 'rita@example.test' }] }),
      'GET /api/v1/venue/1/partyCards/': () => json(200, [visa]),
      'GET /api/v1/venue/1/': () =>
        json(200, { id: 1, name: 'Paddock Classic 2026', currency: 'EUR', currencyDisplay: '€' }),
    });
  }

  async function chargeRita(amount: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'Charge card' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Charge a saved card' });
    const who = within(dialog).getByRole('combobox', { name: 'Who' });
    act(() => who.focus());
    fireEvent.change(who, { target: { value: 'Rit' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Rita Reiter', hidden: true }, { timeout: 45_000 }));
    expect(await within(dialog).findByRole('combobox', { name: 'Card' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Amount \(EUR\)/), { target: { value: amount } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge' }));
    return dialog;
  }

  it("charges a party's saved card with an Idempotency-Key, and lists the payment", async () => {
    startAs(organizer);
    let list: CardPayment[] = [];
    const fetchMock = office({
      'GET /api/v1/venue/1/cardPayments/': () => json(200, list),
      'POST /api/v1/venue/1/chargeCard/': () => {
        list = [payment({ origin: 'office', amount: 2_000 })];
        return json(201, list[0]);
      },
    });
    renderApp('/organizer/transactions');
    expect(await screen.findByText('No card payments at this show yet.', {}, SLOW)).toBeTruthy();
    const dialog = await chargeRita('20.00');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(bodies(fetchMock, 'POST', '/api/v1/venue/1/chargeCard/')).toEqual([
      { party_type: 'rider', party_id: 3, amount: 2_000, currency: 'EUR', card: 5 },
    ]);
    const [, init] = calls(fetchMock, 'POST', '/api/v1/venue/1/chargeCard/')[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/api/v1/venue/1/partyCards/')[0]![0]).toContain('party_type=rider&party_id=3');
    const table = await screen.findByRole('table', { name: 'Card payments' });
    expect(await within(table).findByText('20.00 €')).toBeTruthy();
    expect(toasts()).toContain('20.00 € charged to the card.');
  });

  it("a declined card: the provider's message in the dialog, nothing listed", async () => {
    startAs(organizer);
    office({
      'GET /api/v1/venue/1/cardPayments/': () => json(200, []),
      'POST /api/v1/venue/1/chargeCard/': () =>
        json(402, {
          error: 'card_declined',
          message: 'The card was declined.',
          params: {
            message: 'Your card has insufficient funds.',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
          },
        }),
    });
    renderApp('/organizer/transactions');
    const dialog = await chargeRita('20.00');
    expect(await within(dialog).findByText('Your card has insufficient funds.')).toBeTruthy();
    expect(screen.getByText('No card payments at this show yet.')).toBeTruthy();
  });

  it('refunds part of a payment', async () => {
    startAs(organizer);
    const fetchMock = office({
      'GET /api/v1/venue/1/cardPayments/': () => json(200, [payment({ amount: 5_000, refunded: 1_000 })]),
      'POST /api/v1/cardPayments/3/refund/': () =>
        json(201, {
          id: 1,
          refund_id: 're_1',
          payment: 3,
          amount: 1_250,
          status: 'succeeded',
          transaction: 80,
          created_at: '',
        }),
    });
    renderApp('/organizer/transactions');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Rita Reiter, 50.00 €' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Refund to Rita Reiter' });
    expect(within(dialog).getByText('Paid by card: 50.00 €. Not refunded yet: 40.00 €.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    const amount = within(dialog).getByLabelText(/^Amount \(EUR\)/);
    fireEvent.change(amount, { target: { value: '40.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most 40.00 € can be refunded.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toasts()).toContain('The refund has been sent to the card provider.'));
    expect(bodies(fetchMock, 'POST', '/api/v1/cardPayments/3/refund/')).toEqual([{ amount: 1_250 }]);
  });
});
