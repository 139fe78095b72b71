import { AUTHENTICATION_FAILED, AUTHENTICATION_REQUIRED, behaviourOf, brandOf, feeOf, luhn, minimumOf } from './cards';
import { flag, metadataOf, object, text, type Form } from './form';
import {
  idOf,
  now,
  type Charge,
  type DoubleState,
  type PaymentIntent,
  type PaymentMethod,
  type ProviderError,
  type ProviderObject,
  type Refund,
  type SetupIntent,
} from './state';

/**
 * The provider's objects and what happens to them: customers, payment methods (test cards),
 * setup intents, payment intents with their charges and balance transactions (the fee), refunds.
 * Every change that the provider reports by webhook calls `emit`.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ProviderError & Record<string, unknown>,
  ) {
    super(error.message);
  }
}

export interface World {
  state: DoubleState;
  emit: (type: string, object: ProviderObject) => void;
  /** Where the 3-D Secure page lives (https://hooks.stripe.com in the browser tests). */
  redirectBase: string;
}

const DOC = 'https://docs.stripe.com/error-codes';

export const missing = (kind: string, id: string, param = 'id') =>
  new ApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });

const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

function integer(form: Form, key: string, required: boolean): number | undefined {
  const raw = text(form, key);
  if (raw === undefined) {
    if (required) throw invalid(`Missing required param: ${key}.`, key, 'parameter_missing');
    return undefined;
  }
  if (!/^-?\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw}`, key, 'parameter_invalid_integer');
  return Number(raw);
}

export function createCustomer(w: World, form: Form) {
  const customer = {
    id: idOf('cus'),
    object: 'customer' as const,
    created: now(),
    email: text(form, 'email') ?? null,
    name: text(form, 'name') ?? null,
    description: text(form, 'description') ?? null,
    metadata: metadataOf(form),
    livemode: false as const,
  };
  w.state.customers.set(customer.id, customer);
  return customer;
}

export function customerOf(w: World, id: string) {
  const customer = w.state.customers.get(id);
  if (!customer) throw missing('customer', id, 'customer');
  return customer;
}

export function paymentMethodOf(w: World, id: string): PaymentMethod {
  const pm = w.state.paymentMethods.get(id);
  if (!pm) throw missing('PaymentMethod', id, 'payment_method');
  return pm;
}

const cardError = (status: number, error: Omit<ProviderError, 'type'> & Record<string, unknown>) =>
  new ApiError(status, { type: 'card_error', doc_url: `${DOC}#${error.code}`, ...error });

/** POST /v1/payment_methods (a card from its number, expiry and CVC). */
export function createPaymentMethod(w: World, form: Form): PaymentMethod {
  const type = text(form, 'type');
  if (type !== 'card') throw invalid('Only card payment methods are supported here.', 'type');
  const card = object(form, 'card') ?? {};
  const number = (text(card, 'number') ?? '').replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    throw cardError(402, {
      code: 'incorrect_number',
      param: 'card[number]',
      message: 'Your card number is incorrect.',
    });
  }
  const month = Number(text(card, 'exp_month'));
  let year = Number(text(card, 'exp_year'));
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw cardError(402, {
      code: 'invalid_expiry_month',
      param: 'card[exp_month]',
      message: "Your card's expiration month is invalid.",
    });
  }
  const today = new Date();
  if (
    !Number.isInteger(year) ||
    year < today.getUTCFullYear() ||
    (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
  ) {
    throw cardError(402, {
      code: 'invalid_expiry_year',
      param: 'card[exp_year]',
      message: "Your card's expiration year is invalid.",
    });
  }
  const billing = object(form, 'billing_details') ?? {};
  const pm: PaymentMethod = {
    id: idOf('pm'),
    object: 'payment_method',
    type: 'card',
    created: now(),
    customer: null,
    billing_details: {
      address: null,
      email: text(billing, 'email') ?? null,
      name: text(billing, 'name') ?? null,
      phone: null,
    },
    card: {
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: month,
      exp_year: year,
      funding: 'credit',
      country: 'US',
      fingerprint: Buffer.from(number).toString('base64url').slice(0, 16),
    },
    metadata: metadataOf(form),
    livemode: false,
  };
  w.state.paymentMethods.set(pm.id, pm);
  w.state.cardNumbers.set(pm.id, number);
  return pm;
}

export function attach(w: World, pm: PaymentMethod, customer: string): PaymentMethod {
  customerOf(w, customer);
  if (pm.customer && pm.customer !== customer) {
    throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
  }
  pm.customer = customer;
  return pm;
}

export function detach(pm: PaymentMethod): PaymentMethod {
  if (!pm.customer) {
    throw invalid(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  }
  pm.customer = null;
  return pm;
}

/** The payment method a confirmation names: `payment_method`, `payment_method_data[card]…`, or the intent's own. */
function methodOf(w: World, form: Form, current: string | null): PaymentMethod | null {
  const id = text(form, 'payment_method');
  if (id) return paymentMethodOf(w, id);
  const data = object(form, 'payment_method_data');
  if (data) return createPaymentMethod(w, data);
  return current ? paymentMethodOf(w, current) : null;
}

const redirect = (w: World, id: string, returnUrl: string | null) => ({
  type: 'redirect_to_url' as const,
  redirect_to_url: {
    url: `${w.redirectBase}/3d_secure_2/authenticate/${id}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`,
    return_url: returnUrl,
  },
});

// ---- setup intents ----

export function createSetupIntent(w: World, form: Form): SetupIntent {
  const customer = text(form, 'customer') ?? null;
  if (customer) customerOf(w, customer);
  const id = idOf('seti');
  const pm = text(form, 'payment_method') ?? null;
  const si: SetupIntent = {
    id,
    object: 'setup_intent',
    created: now(),
    client_secret: `${id}_secret_${idOf('s').slice(2)}`,
    customer,
    payment_method: pm,
    payment_method_types: allowedTypes(form),
    allowed_payment_method_types: allowedTypes(form),
    status: pm ? 'requires_confirmation' : 'requires_payment_method',
    usage: text(form, 'usage') ?? 'off_session',
    next_action: null,
    last_setup_error: null,
    metadata: metadataOf(form),
    description: text(form, 'description') ?? null,
    livemode: false,
  };
  w.state.setupIntents.set(id, si);
  return flag(form, 'confirm') ? confirmSetupIntent(w, si, form) : si;
}

/** `allowed_payment_method_types` (the current API), or the older `payment_method_types`; cards by default. */
function allowedTypes(form: Form): string[] {
  for (const key of ['allowed_payment_method_types', 'payment_method_types']) {
    const value = form[key];
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    if (typeof value === 'string') return [value];
  }
  return ['card'];
}

export function completeSetup(w: World, si: SetupIntent, authenticated: boolean): SetupIntent {
  const pm = paymentMethodOf(w, si.payment_method!);
  if (si.customer) attach(w, pm, si.customer);
  if (authenticated) w.state.authenticatedSetups.add(pm.id);
  si.status = 'succeeded';
  si.next_action = null;
  si.last_setup_error = null;
  w.emit('setup_intent.succeeded', si);
  return si;
}

export function failSetupAuthentication(w: World, si: SetupIntent): SetupIntent {
  si.status = 'requires_payment_method';
  si.next_action = null;
  si.last_setup_error = {
    type: 'invalid_request_error',
    code: 'setup_intent_authentication_failure',
    message: AUTHENTICATION_FAILED.message,
  };
  w.emit('setup_intent.setup_failed', si);
  return si;
}

/** Stripe's checks before confirming an intent; answers the payment method it is confirmed with. */
function methodToConfirm(
  w: World,
  intent: SetupIntent | PaymentIntent,
  form: Form,
  label: 'SetupIntent' | 'PaymentIntent',
) {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
    throw invalid(
      `You cannot confirm this ${label} because it has a status of ${intent.status}.`,
      undefined,
      label === 'SetupIntent' ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state',
    );
  }
  const pm = methodOf(w, form, intent.payment_method);
  if (!pm) throw invalid(`You cannot confirm this ${label} because it's missing a payment method.`, 'payment_method');
  if (pm.customer && intent.customer && pm.customer !== intent.customer) {
    throw invalid('The provided PaymentMethod belongs to another customer.', 'payment_method');
  }
  intent.payment_method = pm.id;
  return pm;
}

export function confirmSetupIntent(w: World, si: SetupIntent, form: Form): SetupIntent {
  const pm = methodToConfirm(w, si, form, 'SetupIntent');
  const behaviour = behaviourOf(w.state.cardNumbers.get(pm.id) ?? '');
  if (behaviour.kind === 'decline' && behaviour.onSetup) {
    const error = { code: behaviour.code, decline_code: behaviour.declineCode, message: behaviour.message };
    si.status = 'requires_payment_method';
    si.last_setup_error = { type: 'card_error', ...error, payment_method: structuredClone(pm) };
    w.emit('setup_intent.setup_failed', si);
    throw cardError(402, { ...error, setup_intent: structuredClone(si) });
  }
  if (behaviour.kind === 'three_d_secure') {
    si.status = 'requires_action';
    si.next_action = redirect(w, si.id, text(form, 'return_url') ?? null);
    return si;
  }
  return completeSetup(w, si, false);
}

// ---- payment intents ----

export function paymentIntentOf(w: World, id: string): PaymentIntent {
  const pi = w.state.paymentIntents.get(id);
  if (!pi) throw missing('payment_intent', id, 'intent');
  return pi;
}

export function createPaymentIntent(w: World, form: Form): PaymentIntent {
  const amount = integer(form, 'amount', true)!;
  const currency = text(form, 'currency')?.toLowerCase();
  if (!currency || !/^[a-z]{3}$/.test(currency)) throw invalid('Missing required param: currency.', 'currency');
  if (amount < minimumOf(currency)) {
    throw invalid('Amount must be at least the minimum charge amount.', 'amount', 'amount_too_small');
  }
  if (amount > 99_999_999) throw invalid('Amount must be no more than 999,999.99.', 'amount', 'amount_too_large');
  const customer = text(form, 'customer') ?? null;
  if (customer) customerOf(w, customer);
  const method = text(form, 'payment_method') ?? null;
  if (method) {
    const pm = paymentMethodOf(w, method);
    if (pm.customer && customer && pm.customer !== customer) {
      throw invalid('The provided PaymentMethod belongs to another customer.', 'payment_method');
    }
  }
  const id = idOf('pi');
  const pi: PaymentIntent = {
    id,
    object: 'payment_intent',
    created: now(),
    amount,
    amount_received: 0,
    amount_capturable: 0,
    currency,
    client_secret: `${id}_secret_${idOf('s').slice(2)}`,
    customer,
    payment_method: method,
    payment_method_types: allowedTypes(form),
    allowed_payment_method_types: allowedTypes(form),
    status: method ? 'requires_confirmation' : 'requires_payment_method',
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    cancellation_reason: null,
    canceled_at: null,
    description: text(form, 'description') ?? null,
    metadata: metadataOf(form),
    setup_future_usage: text(form, 'setup_future_usage') ?? null,
    livemode: false,
  };
  w.state.paymentIntents.set(id, pi);
  w.emit('payment_intent.created', pi);
  return flag(form, 'confirm') ? confirmPaymentIntent(w, pi, form) : pi;
}

function chargeOf(w: World, pi: PaymentIntent, pm: PaymentMethod, failure: { code: string; message: string } | null) {
  const charge: Charge = {
    id: idOf('ch'),
    object: 'charge',
    created: now(),
    amount: pi.amount,
    amount_captured: failure ? 0 : pi.amount,
    amount_refunded: 0,
    balance_transaction: null,
    currency: pi.currency,
    customer: pi.customer,
    paid: !failure,
    captured: !failure,
    refunded: false,
    status: failure ? 'failed' : 'succeeded',
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      type: 'card',
      card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year },
    },
    outcome: failure
      ? {
          type: 'issuer_declined',
          network_status: 'declined_by_network',
          seller_message: 'The bank did not return any further details with this decline.',
        }
      : { type: 'authorized', network_status: 'approved_by_network', seller_message: 'Payment complete.' },
    metadata: { ...pi.metadata },
    livemode: false,
  };
  if (!failure) {
    const fee = feeOf(pi.amount);
    const txn = {
      id: idOf('txn'),
      object: 'balance_transaction' as const,
      created: charge.created,
      available_on: charge.created + 2 * 86_400,
      amount: pi.amount,
      fee,
      net: pi.amount - fee,
      currency: pi.currency,
      type: 'charge' as const,
      status: 'pending' as const,
      source: charge.id,
      reporting_category: 'charge',
      fee_details: [
        {
          amount: fee,
          currency: pi.currency,
          type: 'stripe_fee' as const,
          description: 'Stripe processing fees',
          application: null,
        },
      ],
    };
    w.state.balanceTransactions.set(txn.id, txn);
    charge.balance_transaction = txn.id;
  }
  w.state.charges.set(charge.id, charge);
  return charge;
}

export function succeedPayment(w: World, pi: PaymentIntent): PaymentIntent {
  const pm = paymentMethodOf(w, pi.payment_method!);
  const charge = chargeOf(w, pi, pm, null);
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.last_payment_error = null;
  w.emit('payment_intent.succeeded', pi);
  return pi;
}

function failPayment(
  w: World,
  pi: PaymentIntent,
  pm: PaymentMethod,
  error: { code: string; declineCode: string; message: string },
): never {
  const charge = chargeOf(w, pi, pm, error);
  const fields = { code: error.code, decline_code: error.declineCode, message: error.message };
  pi.status = 'requires_payment_method';
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.last_payment_error = { type: 'card_error', ...fields, charge: charge.id, payment_method: structuredClone(pm) };
  w.emit('payment_intent.payment_failed', pi);
  throw cardError(402, {
    ...fields,
    charge: charge.id,
    payment_intent: structuredClone(pi),
    payment_method: structuredClone(pm),
  });
}

export function failPaymentAuthentication(w: World, pi: PaymentIntent): PaymentIntent {
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: AUTHENTICATION_FAILED.message,
  };
  w.emit('payment_intent.payment_failed', pi);
  return pi;
}

export function confirmPaymentIntent(w: World, pi: PaymentIntent, form: Form): PaymentIntent {
  const pm = methodToConfirm(w, pi, form, 'PaymentIntent');
  const offSession = flag(form, 'off_session');
  const behaviour = behaviourOf(w.state.cardNumbers.get(pm.id) ?? '');
  if (behaviour.kind === 'decline') failPayment(w, pi, pm, behaviour);
  if (behaviour.kind === 'three_d_secure') {
    const passes = behaviour.when === 'setup' && offSession && w.state.authenticatedSetups.has(pm.id);
    if (!passes) {
      if (offSession) failPayment(w, pi, pm, AUTHENTICATION_REQUIRED);
      pi.status = 'requires_action';
      pi.next_action = redirect(w, pi.id, text(form, 'return_url') ?? null);
      w.emit('payment_intent.requires_action', pi);
      return pi;
    }
  }
  return succeedPayment(w, pi);
}

export function cancelPaymentIntent(w: World, pi: PaymentIntent, form: Form): PaymentIntent {
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  pi.status = 'canceled';
  pi.canceled_at = now();
  pi.cancellation_reason = text(form, 'cancellation_reason') ?? null;
  pi.next_action = null;
  w.emit('payment_intent.canceled', pi);
  return pi;
}

// ---- refunds ----

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function createRefund(w: World, form: Form): Refund {
  const intentId = text(form, 'payment_intent');
  const chargeId = text(form, 'charge') ?? (intentId ? paymentIntentOf(w, intentId).latest_charge : null);
  const charge = chargeId ? w.state.charges.get(chargeId) : undefined;
  if (!charge || charge.status !== 'succeeded') {
    throw invalid('This PaymentIntent does not have a successful charge to refund.', 'payment_intent');
  }
  const left = charge.amount - charge.amount_refunded;
  const amount = integer(form, 'amount', false) ?? left;
  if (left <= 0) {
    throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  }
  if (amount < 1 || amount > left) {
    throw invalid(
      `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
      'amount',
    );
  }
  const txn = {
    id: idOf('txn'),
    object: 'balance_transaction' as const,
    created: now(),
    available_on: now(),
    amount: -amount,
    fee: 0,
    net: -amount,
    currency: charge.currency,
    type: 'refund' as const,
    status: 'available' as const,
    source: '',
    reporting_category: 'refund',
    fee_details: [],
  };
  const refund: Refund = {
    id: idOf('re'),
    object: 'refund',
    created: now(),
    amount,
    balance_transaction: txn.id,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    reason: text(form, 'reason') ?? null,
    status: w.state.refundStatus,
    failure_reason: null,
    metadata: metadataOf(form),
  };
  txn.source = refund.id;
  w.state.balanceTransactions.set(txn.id, txn);
  w.state.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  w.emit('refund.created', refund);
  w.emit('charge.refunded', charge);
  return refund;
}

/** A pending refund settles (tests): `refund.updated`; a failed one gives its amount back to the charge. */
export function settleRefund(w: World, id: string, status: 'succeeded' | 'failed'): Refund {
  const refund = w.state.refunds.get(id);
  if (!refund) throw missing('refund', id);
  if (refund.status === status) return refund;
  refund.status = status;
  if (status === 'failed') {
    refund.failure_reason = 'declined';
    const charge = w.state.charges.get(refund.charge)!;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    w.emit('refund.failed', refund);
  }
  w.emit('refund.updated', refund);
  return refund;
}
