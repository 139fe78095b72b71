import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { App } from '../types';

const STRIPE_JS = 'https://js.stripe.com';

/** HSTS for a year, subdomains included (helmet's own default). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP allows the PWA (own scripts, Stripe.js for cards, inline styles for the component
 * library, data:/blob: images) and the API docs; nothing is upgraded to https, so tablets on a
 * show's LAN can use plain http.
 *
 * Framing has one policy, CSP `frame-ancestors 'none'` (nothing embeds Paddock's pages):
 * X-Frame-Options is not sent, as a second header that says something else is a second policy
 * to keep in step (CSP Level 2 browsers ignore X-Frame-Options when frame-ancestors is set).
 *
 * These are helmet's options (@fastify/helmet); the headers they make are the same for every
 * answer, and the test compares them with what the plugin sends.
 */
export const HELMET_OPTIONS = {
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
} satisfies FastifyHelmetOptions;

/** The CSP header's value, as helmet's middleware writes it. */
function cspOf(options: typeof HELMET_OPTIONS.contentSecurityPolicy): string {
  let value = '';
  const response = { setHeader: (_name: string, text: string) => (value = text) };
  fastifyHelmet.contentSecurityPolicy(options)({} as never, response as never, () => {});
  if (!value) throw new Error('no Content-Security-Policy made');
  return value;
}

/**
 * Helmet's headers with HELMET_OPTIONS, made once: @fastify/helmet builds helmet's middleware
 * anew for every request (its directives parsed again each time), about 2 % of a floor write's
 * CPU for headers that never change.
 */
export const securityHeaders = (): Record<string, string> => ({
  'content-security-policy': cspOf(HELMET_OPTIONS.contentSecurityPolicy),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * Security headers on every answer (a route may set its own, e.g. a stricter CSP for a served
 * file). Strict-Transport-Security only on a request that came over HTTPS (RFC 6797 §7.2: a
 * host must not send it over plain HTTP) — directly, or by the proxy's X-Forwarded-Proto when
 * TRUST_PROXY trusts it. A show's LAN serves tablets over plain http, where the header is both
 * forbidden and meaningless.
 */
export function registerSecurityHeaders(app: App): void {
  const headers = securityHeaders();
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
