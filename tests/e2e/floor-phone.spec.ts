import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, DEMO_VENUE, tokenOf } from './floor-support';
import type { Language } from '../../src/shared/constants';
import { acceptTerms, field, LANGUAGES, loginAs, pageLanguage, registerViaApi, t, violationsOf } from './support';

/*
 * Phones at 360 px, every language. Every floor list (stable transactions,
 * welcome desk, sign-in, vet check) and its buttons and chips are readable: nothing clipped, no
 * ellipsis, nothing past the screen's edge, no sideways scroll; the stable's and the rider's lists
 * show each entry's amount and state in view.
 */

test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ mode: 'serial' });

const FLOOR_ROLES = ['stable', 'welcomedesk', 'signin', 'vetcheck'];

/** A fresh user in `lang` with every floor role at the demo venue. */
async function floorUser(request: APIRequestContext, lang: Language) {
  const account = await registerViaApi(request, 'simpleuser', lang);
  const token = await tokenOf(request, account.email, account.password);
  const { id } = (await (await request.get('/api/auth/user/', { headers: bearer(token) })).json()) as { id: number };
  const admin = await tokenOf(request, 'admin');
  const assigned = await request.post(`/api/v1/venue/${DEMO_VENUE}/users/`, {
    headers: bearer(admin),
    data: { user: id, roles: FLOOR_ROLES },
  });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  return account;
}

async function signIn(page: Page, login: { email: string; password: string }, lang: Language) {
  await page.goto('/login');
  await page.evaluate((language) => localStorage.setItem('paddock.language', language), lang);
  // Under the service worker's control, so the floor's screens load offline too.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByLabel(field(t(lang, 'auth:login.username'))).fill(login.email);
  await page.getByLabel(field(t(lang, 'auth:login.password'))).fill(login.password);
  await page.getByRole('button', { name: t(lang, 'auth:login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
  expect(await pageLanguage(page)).toBe(lang);
}

/** In-app navigation (works offline too: no page load). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

interface Problem {
  what: string;
  text: string;
}

/**
 * Every visible button, chip and their labels: not wider than their box (clipped), no ellipsis,
 * inside the screen; and the page does not scroll sideways.
 */
function readabilityProblems(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { what: string; text: string }[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth)
      problems.push({ what: 'page scrolls sideways', text: String(root.scrollWidth) });
    const elements = document.querySelectorAll<HTMLElement>(
      'button, a[role="button"], .mantine-Badge-root, .mantine-Badge-label, .mantine-Button-label, .mantine-Button-inner',
    );
    for (const el of Array.from(elements)) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest('[aria-hidden="true"], .mantine-Popover-dropdown')) continue;
      const text = (el.textContent ?? '').trim();
      if (el.scrollWidth > el.clientWidth + 1) problems.push({ what: 'clipped', text });
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth)
        problems.push({ what: 'ellipsis', text });
      if (box.right > window.innerWidth + 0.5 || box.left < -0.5) problems.push({ what: 'off screen', text });
    }
    return problems;
  });
}

async function expectReadable(page: Page, where: string) {
  expect(await readabilityProblems(page), where).toEqual([]);
}

/** The page's WCAG 2 A/AA violations, one line each. */
async function expectAccessible(page: Page, where: string) {
  expect(await violationsOf(page), where).toEqual([]);
}

/** Each card of `list`: its amount and its state chip are inside the screen. */
async function expectAmountsInView(page: Page, list: ReturnType<Page['getByRole']>, amount: RegExp, state: string) {
  const items = list.getByRole('listitem');
  expect(await items.count()).toBeGreaterThan(0);
  const outside = await items.evaluateAll((cards, pattern) => {
    const re = new RegExp(pattern);
    return cards.flatMap((card) => {
      const money = Array.from(card.querySelectorAll('p, span')).find((el) => re.test(el.textContent ?? ''));
      if (!money) return [`no amount in ${card.textContent}`];
      const box = money.getBoundingClientRect();
      return box.right <= window.innerWidth && box.left >= 0 ? [] : [`amount off screen: ${card.textContent}`];
    });
  }, amount.source);
  expect(outside).toEqual([]);
  const chip = list.getByText(state, { exact: true }).first();
  await expect(chip).toBeInViewport();
  const box = (await chip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
}

/** The "Charge 12.50 €" button in `lang`, whatever the amount. */
const chargeButton = (lang: Language) =>
  new RegExp(
    `^${t(lang, 'floor:quick.save', { amount: '\u0000' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', '.+')}$`,
  );

const MONEY = /-?\d+[.,]\d{2}\s?\S+$/;

for (const lang of LANGUAGES) {
  test(`floor lists at 360 px in ${lang}: nothing clipped, amounts and states in view`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(540_000);
    const login = await floorUser(request, lang);
    await signIn(page, login, lang);

    // Stable: a charge made offline (pending), then the transactions as cards.
    await page.goto('/stable/addTransaction');
    // The tablet's first use at the show: staff name it (the prompt sits above the floor screens).
    await page.getByRole('button', { name: t(lang, 'devices:register.save') }).click();
    await expect(page.getByRole('button', { name: t(lang, 'devices:register.save') })).toHaveCount(0);
    await page.getByLabel(field(t(lang, 'floor:person.search'))).fill('Rosa');
    await page
      .getByRole('button', { name: /^Rosa Rider/ })
      .first()
      .click();
    const form = page.getByRole('form', { name: t(lang, 'floor:charge.title') });
    await expectReadable(page, `${lang} quick charge`);
    await context.setOffline(true);
    await form
      .getByRole('group', { name: t(lang, 'floor:quick.mostUsed') })
      .getByRole('button')
      .first()
      .click();
    await expectReadable(page, `${lang} quick charge with a line`);
    await expectAccessible(page, `${lang} quick charge with a line`);
    await form.getByRole('button', { name: chargeButton(lang) }).click();
    await expect(form.getByRole('button', { name: t(lang, 'floor:quick.undo') })).toBeVisible();
    await navigate(page, '/stable/transactions');
    const entries = page.getByRole('list', { name: t(lang, 'floor:transactions.title') });
    await expect(entries.getByText(t(lang, 'floor:mark.pending'), { exact: true })).toHaveCount(1);
    await expectReadable(page, `${lang} stable transactions`);
    await expectAmountsInView(page, entries, MONEY, t(lang, 'floor:mark.pending'));
    await context.setOffline(false);

    for (const [path, what] of [
      ['/welcomedesk/list', 'welcome desk'],
      ['/signin/list', 'sign-in'],
      ['/vetcheck/list', 'vet check'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('listitem').first()).toBeVisible({ timeout: 90_000 });
      await expectReadable(page, `${lang} ${what}`);
    }
  });
}

test("the rider's entries at 360 px in every language: amount and state of each in view", async ({ page, request }) => {
  test.setTimeout(540_000);
  // A rider of its own: the demo rider's language must not change under the other tests.
  const login = await registerViaApi(request, 'rider', 'en');
  await acceptTerms(request, login);
  const rider = await tokenOf(request, login.email, login.password);
  const me = (await (await request.get('/api/auth/user/', { headers: bearer(rider) })).json()) as { rider_id: number };
  // The address an invoice needs (the show closes its books with every rider charged there).
  const profile = await request.patch(`/api/v1/rider/${me.rider_id}/`, {
    headers: bearer(rider),
    data: { address: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const admin = await tokenOf(request, 'admin');
  // Charged at the demo show, so enrolled there first: a party is charged only where it takes part.
  const enrolled = await request.post('/api/v1/venueParticipation/', {
    headers: bearer(admin),
    data: { venue: DEMO_VENUE, rider: me.rider_id },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const posted = await request.post('/api/v1/transaction/', {
    headers: { ...bearer(admin), 'idempotency-key': `phone-${Date.now()}` },
    data: {
      venue: DEMO_VENUE,
      kind: 'charge',
      party_type: 'rider',
      party_id: me.rider_id,
      unit_price: 1234,
      description: 'Box',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  for (const lang of LANGUAGES) {
    const changed = await request.patch('/api/auth/user/', { headers: bearer(rider), data: { language: lang } });
    expect(changed.status(), await changed.text()).toBeLessThan(300);
    await signIn(page, login, lang);
    await page.goto(`/rider/shows/${DEMO_VENUE}/transactions`);
    const list = page.getByRole('list', { name: t(lang, 'owner:money.entriesTitle') });
    await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 90_000 });
    await expectReadable(page, `${lang} rider entries`);
    await expectAmountsInView(page, list, MONEY, t(lang, 'owner:money.state.open'));
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
  }
});

test("the organizer's header at 360 px: the show's wide logo, the language and logout all fit", async ({ page }) => {
  await loginAs(page, 'organizer');
  const header = page.getByRole('banner');
  await expect(header.locator('img')).toBeVisible();
  await expect(header.getByRole('combobox', { name: t('de', 'shell:language') })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: t('de', 'shell:logout') })).toBeInViewport({ ratio: 1 });
  await expectReadable(page, 'organizer dashboard');
});
