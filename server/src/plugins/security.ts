import helmet from '@fastify/helmet';
import type { App } from '../types';

const STRIPE_JS = 'https://js.stripe.com';

/**
 * Security headers. The CSP allows the PWA (own scripts, Stripe.js for cards, inline styles
 * for the component library, data:/blob: images) and the API docs; nothing is upgraded to
 * https, so tablets on a show's LAN can use plain http.
 */
export async function registerSecurityHeaders(app: App): Promise<void> {
  await app.register(helmet, {
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
