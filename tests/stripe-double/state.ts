import { randomBytes } from 'node:crypto';

/**
 * What the double keeps: the provider's objects in their API shapes (the fields Paddock and the
 * browser read), the events it sent, and every request it answered (tests check that each write
 * carried an idempotency key of Paddock's own).
 */

export const idOf = (prefix: string): string =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = (): number => Math.floor(Date.now() / 1000);

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
    fingerprint: string;
  };
  metadata: Record<string, string>;
  livemode: false;
}

export interface ProviderError {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
}

export interface RedirectAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string | null };
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  usage: string;
  next_action: RedirectAction | null;
  last_setup_error: (ProviderError & { payment_method?: PaymentMethod }) | null;
  metadata: Record<string, string>;
  description: string | null;
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  amount_received: number;
  amount_capturable: 0;
  currency: string;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[];
  status:
    'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  latest_charge: string | null;
  last_payment_error: (ProviderError & { payment_method?: PaymentMethod; charge?: string }) | null;
  next_action: RedirectAction | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  description: string | null;
  metadata: Record<string, string>;
  setup_future_usage: string | null;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  created: number;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  currency: string;
  customer: string | null;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string; exp_month: number; exp_year: number } };
  outcome: { type: 'authorized' | 'issuer_declined'; network_status: string; seller_message: string };
  metadata: Record<string, string>;
  livemode: false;
}

export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  created: number;
  available_on: number;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  type: 'charge' | 'refund';
  status: 'pending' | 'available';
  source: string;
  reporting_category: string;
  fee_details: { amount: number; currency: string; type: 'stripe_fee'; description: string; application: null }[];
}

export interface Refund {
  id: string;
  object: 'refund';
  created: number;
  amount: number;
  balance_transaction: string | null;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
}

export type ProviderObject =
  Customer | PaymentMethod | SetupIntent | PaymentIntent | Charge | BalanceTransaction | Refund;

export interface ProviderEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: ProviderObject };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface RequestRecord {
  method: string;
  path: string;
  /** 'secret' (Authorization: Bearer sk_…), 'publishable' (pk_…), or null (refused). */
  auth: 'secret' | 'publishable' | null;
  idempotencyKey: string | null;
  status: number;
  /** Whether the answer was the stored first answer to the key. */
  replayed: boolean;
}

export interface Delivery {
  event: string;
  type: string;
  attempt: number;
  status: number | null;
  error?: string;
  ms: number;
}

export interface DoubleState {
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  /** Card numbers behind payment methods (never in an answer), and which were set up with authentication. */
  cardNumbers: Map<string, string>;
  authenticatedSetups: Set<string>;
  setupIntents: Map<string, SetupIntent>;
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  balanceTransactions: Map<string, BalanceTransaction>;
  refunds: Map<string, Refund>;
  events: ProviderEvent[];
  requests: RequestRecord[];
  deliveries: Delivery[];
  /** The status a new refund gets (tests: 'pending', then settleRefund). */
  refundStatus: 'succeeded' | 'pending';
}

export function emptyState(): DoubleState {
  return {
    customers: new Map(),
    paymentMethods: new Map(),
    cardNumbers: new Map(),
    authenticatedSetups: new Set(),
    setupIntents: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    balanceTransactions: new Map(),
    refunds: new Map(),
    events: [],
    requests: [],
    deliveries: [],
    refundStatus: 'succeeded',
  };
}

/** Where an id's object lives (for `expand`). */
export function lookup(state: DoubleState, id: string): ProviderObject | undefined {
  const prefix = id.slice(0, id.indexOf('_'));
  switch (prefix) {
    case 'cus':
      return state.customers.get(id);
    case 'pm':
      return state.paymentMethods.get(id);
    case 'seti':
      return state.setupIntents.get(id);
    case 'pi':
      return state.paymentIntents.get(id);
    case 'ch':
      return state.charges.get(id);
    case 'txn':
      return state.balanceTransactions.get(id);
    case 're':
      return state.refunds.get(id);
    default:
      return undefined;
  }
}

/** A copy of an object with the `expand` paths (`latest_charge.balance_transaction`) filled in. */
export function expanded(state: DoubleState, object: ProviderObject, paths: readonly string[]): unknown {
  const copy = structuredClone(object) as unknown as Record<string, unknown>;
  for (const path of paths) {
    let node: Record<string, unknown> | undefined = copy;
    const parts = path.split('.');
    for (let i = 0; i < parts.length && node; i++) {
      const value: unknown = node[parts[i]!];
      if (typeof value === 'string') {
        const found = lookup(state, value);
        if (!found) break;
        const filled = structuredClone(found) as unknown as Record<string, unknown>;
        node[parts[i]!] = filled;
        node = filled;
      } else node = value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    }
  }
  return copy;
}
