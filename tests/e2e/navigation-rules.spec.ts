import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { DEFAULT_LANGUAGE, field, linkFromMail, PASSWORD, t } from './support';

const de = DEFAULT_LANGUAGE;

test('on a whitelabel domain the show logo is shown and a rider stays on whitelabel-safe pages', async ({ page }) => {
  // Chromium resolves *.localhost to this machine; the demo venue's whitelabel domain is whitelabel.localhost.
  const origin = `http://whitelabel.localhost:${E2E_PORT}`;
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('banner').locator('img[src="/media/whitelabel-demo.svg"]')).toBeVisible();
  await page.getByLabel(field(t(de, 'auth:login.username'))).fill('multi');
  await page.getByLabel(field(t(de, 'auth:login.password'))).fill(PASSWORD);
  await page.getByRole('button', { name: t(de, 'auth:login.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'routes:chooseDashboard') })).toBeVisible();
  // The rider overview is allowed on a whitelabel domain…
  await page.getByRole('link', { name: new RegExp(t('en', 'dashboard:audience.rider')) }).click();
  await expect(page).toHaveURL(`${origin}/rider/overview`);
  // …the official's pages are not: the rider is sent back to /.
  await page.goto(`${origin}/official/overview`);
  await expect(page).toHaveURL(`${origin}/`);
  // On the ordinary host the same user may open them.
  await page.goto('/login');
  await expect(page.getByRole('banner').locator('img[src="/media/whitelabel-demo.svg"]')).toHaveCount(0);
});

test('a preshow link opens preshow-only mode, and leaving the preshow pages ends the session', async ({
  page,
  request,
}) => {
  const res = await request.post('/api/v1/user/magicLink/', { data: { email: 'rider@paddock.demo', preshow: 1 } });
  expect(res.ok()).toBe(true);
  await page.goto(await linkFromMail('rider@paddock.demo', '/magic-login'));
  await expect(page).toHaveURL(/\/preshow\/1$/);
  await expect(page.getByText('Paddock Classic').first()).toBeVisible();
  // The mode survives a reload…
  await page.reload();
  await expect(page).toHaveURL(/\/preshow\/1$/);
  // …and going anywhere else logs out, warns and goes to magic login.
  await page.goto('/rider/overview');
  await expect(page).toHaveURL(/\/magic-login$/);
  await expect(
    page.getByText(t('en', 'shell:preshowFinished')).or(page.getByText(t(de, 'shell:preshowFinished'))),
  ).toBeVisible();
  await page.goto('/rider/overview');
  await expect(page).toHaveURL(/\/login/);
});

test('a page part that fails to load shows the update banner, which can be dismissed', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: t(de, 'auth:login.submit') })).toBeVisible();
  // A new release replaced the chunks: every part not loaded yet is gone from the server.
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.getByRole('link', { name: t(de, 'auth:login.register') }).click();
  const banner = page.getByText(t(de, 'shell:update.message'));
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: t(de, 'shell:update.reload') })).toBeVisible();
  await page.getByRole('button', { name: t(de, 'shell:update.dismiss') }).click();
  await expect(banner).toHaveCount(0);
});
