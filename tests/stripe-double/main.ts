/**
 * The card provider's test double as a process (the browser tests start it as a Playwright
 * webServer): `node --import tsx tests/stripe-double/main.ts` with
 *   STRIPE_DOUBLE_PORT          the port (default 12111)
 *   STRIPE_DOUBLE_WEBHOOK_URL   where events go (Paddock's http://…/api/v1/stripe/webhook/)
 *   STRIPE_WEBHOOK_SECRET       the secret events are signed with (Paddock's own)
 *   STRIPE_DOUBLE_REDIRECT_BASE where the 3-D Secure page is linked (default https://hooks.stripe.com)
 * GET /_double/health answers 200 once it listens (Playwright's `url`).
 */
import { startStripeDouble } from './server';

const secret = process.env.STRIPE_WEBHOOK_SECRET;
if (!secret) {
  console.error('stripe double: set STRIPE_WEBHOOK_SECRET');
  process.exit(1);
}

const double = await startStripeDouble({
  port: Number(process.env.STRIPE_DOUBLE_PORT ?? 12111),
  webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL || undefined,
  webhookSecret: secret,
  redirectBase: process.env.STRIPE_DOUBLE_REDIRECT_BASE || undefined,
});
console.info(`stripe double listening on ${double.url}`);

const stop = () => {
  void double.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
