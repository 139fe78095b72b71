import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { App } from '../../types';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { PLACEHOLDER } from './payments.repo';
import type { Outcome, Settlement } from './settlement';
import { isMissing, type Stripe } from './stripe-client';

/*
 * Card payments under way are never forgotten. The provider's webhook is what posts a payment,
 * but a webhook can be lost for good (an endpoint misconfigured for a day, a firewall, the
 * provider giving up after its retries). So a payment the provider still had under way a while
 * ago is asked about: the intent as the provider has it now goes through the same settlement as
 * its webhook would (posted once, keyed by the intent: a webhook arriving afterwards finds it
 * posted and changes nothing).
 */

/** A payment is asked about once it has been under way this long (its webhook usually comes in seconds). */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** Payments older than this are left to the office: the provider cancels abandoned intents itself. */
export const RECONCILE_WITHIN_DAYS = 7;
/** How often the server looks, and how many payments one round asks about at most. */
const EVERY_MS = 5 * 60_000;
const FIRST_AFTER_MS = 60_000;
const PER_ROUND = 200;

/** The provider's event type that an intent's current status would have sent. */
const EVENT_OF: Partial<Record<Stripe.PaymentIntent.Status, string>> = {
  succeeded: 'payment_intent.succeeded',
  canceled: 'payment_intent.canceled',
  processing: 'payment_intent.processing',
  requires_action: 'payment_intent.requires_action',
};

/** The audit trail names the reconciliation as the actor's agent (no user, no client address). */
function systemRequest(app: Pick<App, 'log'>): FastifyRequest {
  return {
    user: undefined,
    ip: '127.0.0.1',
    headers: { 'user-agent': 'paddock payment reconciliation' },
    log: app.log,
  } as unknown as FastifyRequest;
}

export interface ReconcileResult {
  asked: number;
  outcomes: Partial<Record<Outcome | 'missing' | 'unchanged', number>>;
}

/**
 * Asks the provider about every payment under way for longer than `afterMs` (not posted, not
 * cancelled or failed, with an intent at the provider) and settles what it answers as its
 * webhook would. Safe to run at any time and in several processes at once.
 */
export async function reconcileUnderWay(
  app: Pick<App, 'log'>,
  ctx: Pick<AppContext, 'db'>,
  stripe: Stripe,
  settlement: Settlement,
  afterMs = RECONCILE_AFTER_MS,
): Promise<ReconcileResult> {
  const due = rowsOf<{ intent_id: string }>(
    await ctx.db.execute(sql`SELECT intent_id FROM card_payments
      WHERE transaction_id IS NULL
        AND status NOT IN ('canceled', 'failed')
        AND intent_id NOT LIKE ${`${PLACEHOLDER}%`}
        AND updated_at < now() - make_interval(secs => ${afterMs / 1000})
        AND created_at > now() - make_interval(days => ${RECONCILE_WITHIN_DAYS})
      ORDER BY updated_at
      LIMIT ${PER_ROUND}`),
  );
  const request = systemRequest(app);
  const result: ReconcileResult = { asked: due.length, outcomes: {} };
  const count = (outcome: keyof ReconcileResult['outcomes']) => {
    result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
  };
  for (const { intent_id: intentId } of due) {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.retrieve(intentId);
    } catch (err) {
      if (!isMissing(err)) throw err;
      count('missing');
      continue;
    }
    const type = EVENT_OF[intent.status];
    if (!type) {
      // Still waiting for the payer (a card to be entered): nothing happened that a webhook would say.
      await ctx.db.execute(sql`UPDATE card_payments SET updated_at = now() WHERE intent_id = ${intentId}`);
      count('unchanged');
      continue;
    }
    // The event the webhook would have carried; its id says where it came from and keeps it once
    // per status (the settlement records every event it applies).
    const event = {
      id: `reconcile:${intent.id}:${intent.status}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    } as unknown as Stripe.Event;
    const outcome = await settlement.handle(request, stripe, event);
    if (outcome !== 'posted') {
      await ctx.db.execute(sql`UPDATE card_payments SET updated_at = now() WHERE intent_id = ${intentId}`);
    }
    count(outcome);
  }
  if (result.asked) app.log.info(result, 'card payments under way asked about');
  return result;
}

/** Asks a minute after the server is ready, then every five minutes, until it closes. */
export function scheduleReconcile(app: App, ctx: AppContext, stripe: Stripe, settlement: Settlement): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = reconcileUnderWay(app, ctx, stripe, settlement).catch((err: unknown) =>
      app.log.error({ err }, 'card payment reconciliation failed'),
    );
    timer = setTimeout(run, EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_AFTER_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
