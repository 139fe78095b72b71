import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, tokenOf } from './floor-support';
import { E2E_STRIPE } from '../../playwright.config';
import { choose, field, loginAs, t, violationsOf } from './support';
import { fillCard, routeStripe, TEST_CARDS } from './support/stripe';

/*
 * Card payments in the browser: the real pages and the real `@stripe/stripe-js`
 * loader, with the provider's script served by a local double of Stripe.js and its HTTP API by
 * the test double (tests/stripe-double, a webServer of playwright.config.ts) that also sends the
 * signed webhooks which post the payments. Each test pays at a show of its own (created through
 * the admin API, the demo rider enrolled and charged there): the demo show belongs to the other
 * tests and to the closing project.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

// The service worker would take the provider's requests out of Playwright's routes.
test.use({ serviceWorkers: 'block' });

interface Show {
  id: number;
  name: string;
  /** The demo rider's profile id. */
  rider: number;
}

/** A show of this test's own where the demo rider owes `owed` (minor units), with or without self-checkout. */
async function showWithBalance(request: APIRequestContext, owed: number, selfCheckout = true): Promise<Show> {
  const admin = bearer(await tokenOf(request, 'admin'));
  const rider = bearer(await tokenOf(request, 'rider'));
  const me = (await (await request.get('/api/auth/user/', { headers: rider })).json()) as { rider_id: number };
  const name = `Card Show ${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const venue = await request.post('/api/v1/venue/', {
    headers: admin,
    data: { name, country: 'SI', currency: 'EUR', currencyDisplay: '€', self_checkout: selfCheckout },
  });
  expect(venue.status(), await venue.text()).toBe(201);
  const { id } = (await venue.json()) as { id: number };
  const enrolled = await request.post('/api/v1/venueParticipation/', {
    headers: admin,
    data: { venue: id, rider: me.rider_id },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  // The show has no event whose tax configuration would give the box its VAT: the office names
  // the demo's 22 % (a charge without a tax is refused).
  const types = (await (await request.get('/api/v1/taxType/?page_size=100', { headers: admin })).json()) as {
    results: { id: number; code: string }[];
  };
  const vat = types.results.find((type) => type.code === 'SI_VAT_22');
  expect(vat, 'the demo tax type').toBeTruthy();
  const charge = await request.post('/api/v1/transaction/', {
    headers: { ...admin, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      venue: id,
      kind: 'charge',
      party_type: 'rider',
      party_id: me.rider_id,
      category: 'box',
      description: 'Box, whole show',
      quantity: 1,
      unit_price: owed,
      tax_type: vat!.id,
    },
  });
  expect(charge.status(), await charge.text()).toBe(201);
  return { id, name, rider: me.rider_id };
}

/**
 * No WCAG A/AA violations on the page. Left out: the card element (the provider's own is an
 * iframe of theirs, here it is the double's plain inputs).
 */
async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(await violationsOf(page, { exclude: ['.StripeElement--double'] }), where).toEqual([]);
}

/** A card of the demo rider's, saved through the API (a Mastercard, •••• 4444), as the card page saves one. */
async function saveRiderCard(request: APIRequestContext): Promise<void> {
  const rider = bearer(await tokenOf(request, 'rider'));
  const me = (await (await request.get('/api/auth/user/', { headers: rider })).json()) as { id: number };
  const setup = await request.post(`/api/v1/user/${me.id}/create_stripe_setup_intent/`, { headers: rider });
  expect(setup.status(), await setup.text()).toBe(201);
  const intent = (await setup.json()) as { id: string; client_secret: string };
  // What Stripe.js sends from the card element: the publishable key and the intent's client secret.
  const confirmed = await request.post(`${E2E_STRIPE.url}/v1/setup_intents/${intent.id}/confirm`, {
    form: {
      key: E2E_STRIPE.publishableKey,
      client_secret: intent.client_secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '5555555555554444',
      'payment_method_data[card][exp_month]': '11',
      'payment_method_data[card][exp_year]': '2033',
      'payment_method_data[card][cvc]': '123',
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const saved = await request.post(`/api/v1/user/${me.id}/stripe/`, { headers: rider, data: { token: intent.id } });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** The demo rider, signed in, with the provider's script and API routed to the doubles. */
async function riderAt(page: Page): Promise<void> {
  await routeStripe(page);
  await loginAs(page, 'rider');
}

/** From the rider's overview to one of their pages, by its link. */
async function openSection(page: Page, label: string): Promise<void> {
  await page
    .getByRole('region', { name: en('owner:overview.sections') })
    .getByRole('link', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the demo rider saves a card, pays the rest of a show in self-checkout and sees the balance at zero', async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const show = await showWithBalance(request, 12_550);
    await riderAt(page);

    // Saved cards: add one through the card element.
    await openSection(page, en('routes:creditCard'));
    await page.getByRole('button', { name: en('payments:cards.add') }).click();
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: en('payments:cards.save') }).click();
    await expect(page.getByText(en('payments:cards.saved'))).toBeVisible();
    const cards = page.getByRole('list', { name: en('payments:cards.title') });
    await expect(cards.getByRole('listitem', { name: 'Visa •••• 4242' }).first()).toBeVisible();
    await expect(cards.getByText('12/2034').first()).toBeVisible();
    // Again without the toast, which covers part of the page on a phone.
    await page.reload();
    await expect(cards.getByRole('listitem', { name: 'Visa •••• 4242' }).first()).toBeVisible();
    await expectAccessible(page, 'creditCard');

    // The show's entries, then self-checkout from there.
    await page.goto('/rider/overview');
    await openSection(page, en('routes:shows'));
    await page.getByRole('link', { name: en('owner:money.transactionsAt', { venue: show.name }) }).click();
    await page.getByRole('link', { name: en('payments:checkout.start') }).click();
    await expect(
      page.getByRole('heading', { name: en('payments:checkout.title', { venue: show.name }) }),
    ).toBeVisible();
    const totals = page.getByRole('group', { name: en('payments:checkout.totals') });
    await expect(totals.getByText('125.50 €')).toHaveCount(2); // charged, and left to pay
    await expect(page.getByText('Box, whole show')).toBeVisible();
    await expectAccessible(page, 'selfCheckout');

    // Pay the rest with the saved card.
    await page
      .getByRole('radio', { name: /^Visa •••• 4242/ })
      .first()
      .check();
    await page.getByRole('button', { name: en('payments:pay.submitAmount', { amount: '125.50 €' }) }).click();
    await expect(page.getByText(en('payments:outcome.posted.title'))).toBeVisible({ timeout: 90_000 });
    await expect(totals.getByText('0.00 €')).toBeVisible();
    await expect(totals.getByText('125.50 €')).toHaveCount(2); // charged, and paid
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await expectAccessible(page, 'selfCheckout, paid');

    // The balance page agrees.
    await page.goto('/rider/balance');
    const row = page.getByRole('listitem', { name: show.name });
    await expect(row.getByText('0.00 €')).toBeVisible();
  });
});

test('a 3-D Secure card goes to the provider and back to /confirmPayment/, which shows the real outcome', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const show = await showWithBalance(request, 4_000);
  await riderAt(page);
  await openSection(page, en('routes:createPayment'));
  await page.getByLabel(en('payments:pay.venue')).selectOption({ label: `${show.name} · 40.00 €` });
  await page.getByLabel(field(en('payments:pay.amount', { currency: 'EUR' }))).fill('25.00');
  await page.getByRole('radio', { name: en('payments:pay.newCard') }).check();
  await fillCard(page, TEST_CARDS.threeDSecure);
  await expectAccessible(page, 'createPayment');
  await page.getByRole('button', { name: en('payments:pay.submitAmount', { amount: '25.00 €' }) }).click();

  // The issuer's page (the double's), then back.
  await expect(page).toHaveURL(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/authenticate\/pi_/);
  await expect(page.getByText('Authenticate 25.00 EUR.')).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/confirmPayment\/\?.*payment_intent=pi_/);
  await expect(page.getByRole('heading', { name: en('payments:confirmation.title') })).toBeVisible();
  await expect(page.getByText(en('payments:outcome.posted.title'))).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/^25\.00 € paid with /)).toBeVisible();
  await expectAccessible(page, 'confirmPayment');

  // What is left at that show.
  await page.getByRole('link', { name: en('payments:confirmation.toBalance') }).click();
  await expect(page).toHaveURL(/\/rider\/balance$/);
  await expect(page.getByRole('row', { name: new RegExp(show.name) }).getByText('-15.00 €')).toBeVisible();
});

test("a declined card shows the provider's message and pays nothing", async ({ page, request }) => {
  test.setTimeout(270_000);
  const show = await showWithBalance(request, 3_000);
  await riderAt(page);
  await openSection(page, en('routes:createPayment'));
  await page.getByLabel(en('payments:pay.venue')).selectOption({ label: `${show.name} · 30.00 €` });
  await page.getByRole('radio', { name: en('payments:pay.newCard') }).check();
  await fillCard(page, TEST_CARDS.declined);
  await page.getByRole('button', { name: en('payments:pay.submitAmount', { amount: '30.00 €' }) }).click();
  const alert = page.getByRole('alert').filter({ hasText: en('payments:pay.refused') });
  await expect(alert).toContainText('Your card was declined.');
  // Still all open.
  await page.reload();
  await page.getByLabel(en('payments:pay.venue')).selectOption({ label: `${show.name} · 30.00 €` });
  await expect(page.getByText('30.00 €', { exact: true })).toBeVisible();
});

test("the office charges the rider's saved card from the transactions screen and refunds part of it", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const show = await showWithBalance(request, 5_000);
  await saveRiderCard(request);
  await loginAs(page, 'admin');
  await page.goto(`/venues/${show.id}/views/transactions`);
  const section = page.getByRole('region', { name: en('payments:office.title') });
  await expect(section.getByText(en('payments:office.empty'))).toBeVisible();

  await section.getByRole('button', { name: en('payments:office.charge') }).click();
  const dialog = page.getByRole('dialog', { name: en('payments:office.chargeTitle') });
  await choose(page, en('payments:office.party'), /Rosa Rider/, 'Rosa');
  await expect(dialog.getByRole('combobox', { name: en('payments:office.card'), exact: true })).toContainText(
    'Mastercard •••• 4444',
  );
  await dialog.getByLabel(field(en('payments:pay.amount', { currency: 'EUR' }))).fill('20.00');
  await dialog.getByRole('button', { name: en('payments:office.chargeSubmit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en('payments:office.charged', { amount: '20.00 €' }))).toBeVisible();

  // Paid once the provider's webhook has posted it; then 5.00 of it back.
  const row = section.getByRole('row', { name: /Rosa Rider/ });
  await expect(row.getByText(en('payments:office.status.posted'))).toBeVisible({ timeout: 90_000 });
  await row
    .getByRole('button', { name: en('payments:refund.buttonNamed', { party: 'Rosa Rider', amount: '20.00 €' }) })
    .click();
  const refund = page.getByRole('dialog', { name: en('payments:refund.title', { party: 'Rosa Rider' }) });
  await refund.getByRole('radio', { name: en('payments:refund.part') }).check();
  await refund.getByLabel(field(en('payments:pay.amount', { currency: 'EUR' }))).fill('5.00');
  await refund.getByRole('button', { name: en('payments:refund.submit') }).click();
  await expect(refund).toBeHidden();
  await expect(row.getByText('5.00 €')).toBeVisible();

  // The rider's balance there: 50.00 charged, 20.00 paid, 5.00 of it refunded.
  const rider = bearer(await tokenOf(request, 'rider'));
  const balanceThere = async () => {
    const res = await request.get(`/api/v1/rider/${show.rider}/balance/`, { headers: rider });
    const { results } = (await res.json()) as { results: { venue: number; balance_minor: number }[] };
    return results.find((row) => row.venue === show.id)?.balance_minor;
  };
  await expect.poll(balanceThere, { timeout: 45_000 }).toBe(-3_500);
});
