import { expect, test } from '@playwright/test';
import { LANGUAGES, loginAs, registerViaApi, submitLogin, t, field } from './support';

test('switching to each language changes the visible text and sticks', async ({ page, request }) => {
  // A fresh account, so that changing its language cannot disturb the other tests' demo users.
  const { email, password } = await registerViaApi(request, 'simpleuser', 'en');
  await submitLogin(page, email, password);
  let current = 'en' as (typeof LANGUAGES)[number];
  for (const lang of [...LANGUAGES.filter((l) => l !== 'en'), 'en' as const]) {
    await page.getByLabel(field(t(current, 'shell:language'))).selectOption(lang);
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'dashboard:audience.simpleuser') })).toBeVisible();
    await expect(page.getByRole('button', { name: t(lang, 'shell:logout') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    current = lang;
  }
  // The choice is saved for the user: after a reload and after signing in again it is still there.
  await page.getByLabel(field(t('en', 'shell:language'))).selectOption('it');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('it', 'dashboard:audience.simpleuser') })).toBeVisible();
  await page.getByRole('button', { name: t('it', 'shell:logout') }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: t('it', 'dashboard:audience.simpleuser') })).toBeVisible();
  await page.getByLabel(field(t('it', 'shell:language'))).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'dashboard:audience.simpleuser') })).toBeVisible();
});

test('the chosen language goes to the server as Accept-Language', async ({ page }) => {
  await loginAs(page, 'official');
  const request = page.waitForRequest((req) => req.url().includes('/api/') && req.method() === 'GET');
  await page.reload();
  expect((await request).headers()['accept-language']).toBe('fr');
});

test("with no language chosen yet, the sign-in page speaks the browser's language if it is one of ours, else German", async ({
  browser,
  baseURL,
}) => {
  for (const [locale, lang] of [
    ['fr-FR', 'fr'],
    ['it-IT', 'it'],
    ['ja-JP', 'de'],
  ] as const) {
    const context = await browser.newContext({ locale, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('button', { name: t(lang, 'auth:login.submit') }), locale).toBeVisible();
      await expect(page.getByLabel(field(t(lang, 'auth:login.username')))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    } finally {
      await context.close();
    }
  }
});
