import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_LANGUAGE, loginAs, submitLogin, t } from './support';

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
  await loginAs(page, 'stable');
  await expect(page.getByText('Paddock Classic')).toBeVisible();
  await expectNoViolations(page);
});

test('choosing a dashboard has no WCAG A/AA violations', async ({ page }) => {
  await submitLogin(page, 'multi');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'routes:chooseDashboard') })).toBeVisible();
  await expectNoViolations(page);
});
