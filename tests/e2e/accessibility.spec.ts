import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { freshStaff, signInAt, synced } from './floor-support';
import { DEFAULT_LANGUAGE, loginAs, pageLanguage, registerViaApi, submitLogin, t } from './support';

async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the public pages have no WCAG A/AA violations', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'auth:login.title'],
    ['/registration', 'auth:registration.title'],
    ['/forgotPassword', 'auth:forgot.title'],
    ['/magic-login', 'auth:magic.title'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: t(DEFAULT_LANGUAGE, heading) })).toBeVisible();
    await expectNoViolations(page);
  }
});

test('a dashboard has no WCAG A/AA violations', async ({ page }) => {
  await loginAs(page, 'signin');
  await expect(page.getByText('Paddock Classic')).toBeVisible();
  await expectNoViolations(page);
});

test('choosing a dashboard has no WCAG A/AA violations', async ({ page }) => {
  await submitLogin(page, 'multi');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'routes:chooseDashboard') })).toBeVisible();
  await expectNoViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page scrolls sideways, in any language', async ({ page, request }) => {
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    for (const path of ['/login', '/registration', '/forgotPassword', '/magic-login', '/attendance', '/attendance/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await overflows(), path).toBe(false);
    }
    // A fresh account: switching its language must not disturb the demo users other tests sign in as.
    const { email, password } = await registerViaApi(request, 'simpleuser');
    await submitLogin(page, email, password);
    for (const lang of ['de', 'pl', 'fr', 'it', 'en'] as const) {
      await page.getByLabel(t(await pageLanguage(page), 'shell:language')).selectOption(lang);
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'dashboard:audience.simpleuser') }),
      ).toBeVisible();
      expect(await overflows(), lang).toBe(false);
    }
  });
});

test.describe('the show office pages', () => {
  const PAGES = [
    '/venues',
    '/venues/1/config',
    '/venues/1/config/consumables',
    '/venues/1/config/taxConfigurations/edit/1',
    '/venues/1/views/participants',
    '/venues/1/views/transactions',
    '/venues/1/views/transactions/new',
    '/balances?venue=1',
    '/balances/summary',
    '/config/taxTypes',
    '/findClient',
  ];

  test('have no WCAG A/AA violations', async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, 'admin');
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('do not scroll sideways', async ({ page }) => {
      test.setTimeout(120_000);
      await loginAs(page, 'admin');
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflows, path).toBe(false);
      }
    });
  });
});

test.describe('the floor pages on a phone', () => {
  const FLOOR: [string, string[]][] = [
    ['stable', ['/stable/dashboard', '/stable/addTransaction', '/stable/transactions']],
    ['welcomedesk', ['/welcomedesk/list', '/welcomedesk/add']],
    ['signin', ['/signin/list']],
    ['vetcheck', ['/vetcheck', '/vetcheck/list']],
  ];
  // On the narrowest screen, where most can go wrong; tablets get the desktop layout.
  test('have no WCAG A/AA violations and do not scroll sideways at 360 px', async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [role, paths] of FLOOR) {
      // A fresh account per role: the demo floor users are shared with other tests.
      await page.context().clearCookies();
      await signInAt(page, await freshStaff(request, role), paths[0]!);
      for (const path of paths) {
        await page.goto(path);
        await synced(page);
        await expectNoViolations(page);
        const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflows, path).toBe(false);
      }
      await page.getByRole('button', { name: t('en', 'shell:logout') }).click();
      await expect(page).toHaveURL(/\/login/);
    }
  });
});
