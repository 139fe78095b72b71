import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { E2E_STRIPE } from '../../../playwright.config';

/**
 * The card provider in the browser tests, without the internet: the script `@stripe/stripe-js`
 * injects (https://js.stripe.com/clover/stripe.js) is the local double of Stripe.js
 * (./stripe-js-double.js), and what that script and the 3-D Secure pages ask of
 * https://api.stripe.com and https://hooks.stripe.com goes to the HTTP double (tests/stripe-double)
 * that the app's server uses too. Redirects (the 3-D Secure page's way back to /confirmPayment/)
 * reach the browser as they are.
 */
const STRIPE_JS = fileURLToPath(new URL('./stripe-js-double.js', import.meta.url));

/** What each card does with the HTTP double (tests/stripe-double/cards.ts). */
export const TEST_CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
};

async function toDouble(route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const origin = request.headers().origin;
  const response = await route.fetch({ url: `${E2E_STRIPE.url}${url.pathname}${url.search}`, maxRedirects: 0 });
  await route.fulfill({
    response,
    headers: { ...response.headers(), ...(origin ? { 'access-control-allow-origin': origin } : {}) },
  });
}

/** Route the provider's script and APIs of a page (or a whole context) to the doubles. */
export async function routeStripe(target: Page | BrowserContext): Promise<void> {
  await target.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ path: STRIPE_JS, contentType: 'application/javascript; charset=utf-8' }),
  );
  await target.route(/^https:\/\/(api|hooks)\.stripe\.com\//, toDouble);
}

/** Type a card into the provider's card element (the double's labelled fields). */
export async function fillCard(page: Page, number: string, expiry = '12 / 34', cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}
