import helmet from '@fastify/helmet';
import type { App } from '../types';

const STRIPE_JS = 'https://js.stripe.com';

/** HSTS for a year, subdomains included (helmet's own default). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers. The CSP allows the PWA (own scripts, Stripe.js for cards, inline styles
 * for the component library, data:/blob: images) and the API docs; nothing is upgraded to
 * https, so tablets on a show's LAN can use plain http.
 *
 * Framing has one policy, CSP `frame-ancestors 'none'` (nothing embeds Paddock's pages):
 * X-Frame-Options is not sent, as a second header that says something else is a second policy
 * to keep in step (CSP Level 2 browsers ignore X-Frame-Options when frame-ancestors is set).
 *
 * Strict-Transport-Security only on a request that came over HTTPS (RFC 6797 §7.2: a host
 * must not send it over plain HTTP) — directly, or by the proxy's X-Forwarded-Proto when
 * TRUST_PROXY trusts it. A show's LAN serves tablets over plain http, where the header is
 * both forbidden and meaningless.
 */
export async function registerSecurityHeaders(app: App): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  await app.register(helmet, {
    strictTransportSecurity: false,
    xFrameOptions: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", STRIPE_JS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
}
