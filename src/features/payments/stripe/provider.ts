import type { Stripe } from '@stripe/stripe-js';

/*
 * The card provider's browser library (Stripe.js) is loaded only by the card pages: the loader
 * package is imported on demand here, and it injects the provider's script on the first call.
 */
const instances = new Map<string, Promise<Stripe>>();

/** Stripe.js for this publishable key, loaded once per page life. */
export function loadProvider(publishableKey: string): Promise<Stripe> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        return stripe;
      });
    // A failed load (offline) is tried again the next time.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}
