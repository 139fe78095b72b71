import { z } from 'zod';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import type { Settlement } from './settlement';
import type { Stripe } from './stripe-client';

/** How old (or how far ahead) a signature's timestamp may be, in seconds (the provider's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;

const answer = z.object({ received: z.literal(true), outcome: z.enum(['posted', 'done', 'duplicate', 'ignored']) });

const refused = () => new AppError('validation', { fields: { signature: ['invalid'] } });

/**
 * POST /api/v1/stripe/webhook/: the provider's signed events. Public (the provider has no
 * session) but refused without a valid `Stripe-Signature` over the exact bytes received (HMAC
 * with STRIPE_WEBHOOK_SECRET) and a timestamp within five minutes: 400, nothing stored. The
 * route lives in its own encapsulated plugin whose only body parser keeps the raw bytes, so the
 * rest of the app parses JSON as before.
 */
export function registerStripeWebhook(app: App, ctx: AppContext, stripe: Stripe | null, settlement: Settlement): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/v1/stripe/webhook/',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The card provider's signed events (raw body, Stripe-Signature checked): a confirmed payment is posted once",
          response: { 200: answer },
        },
        config: { policy: 'public' },
      },
      async (request) => {
        const secret = ctx.config.stripe?.webhookSecret;
        if (!stripe || !secret) throw new AppError('cards_not_configured', { status: 409 });
        const payload = request.body;
        const header = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(payload) || typeof header !== 'string') throw refused();
        let event: Stripe.Event;
        try {
          event = await stripe.webhooks.constructEventAsync(payload, header, secret, WEBHOOK_TOLERANCE_S);
        } catch (err) {
          request.log.warn({ err: (err as Error).message }, 'card provider webhook refused');
          throw refused();
        }
        // The library refuses stale timestamps only; one from the future is as suspect.
        const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
        if (!(timestamp <= Date.now() / 1000 + WEBHOOK_TOLERANCE_S)) throw refused();
        const outcome = await settlement.handle(request, stripe, event);
        return { received: true as const, outcome };
      },
    );
  });
}
