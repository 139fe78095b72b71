import { expect, test } from '@playwright/test';
import { DEFAULT_LANGUAGE, field, linkFromMail, loginAs, registerViaApi, submitLogin, t } from './support';

const de = DEFAULT_LANGUAGE;

test('a new rider registers, confirms the e-mail and signs in', async ({ page }) => {
  const email = `new-rider-${Date.now()}@example.test`;
  await page.goto('/login');
  await page.getByRole('link', { name: t(de, 'auth:login.register') }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await page.getByLabel(field(t(de, 'auth:registration.email'))).fill(email);
  await page.getByLabel(field(t(de, 'auth:registration.firstName'))).fill('Anna');
  await page.getByLabel(field(t(de, 'auth:registration.lastName'))).fill('Reiter');
  await page.getByLabel(field(t(de, 'auth:registration.role'))).selectOption('rider');
  await page.getByLabel(field(t(de, 'auth:registration.password'))).fill('short');
  await page.getByLabel(field(t(de, 'auth:registration.password2'))).fill('different');
  await page.getByRole('button', { name: t(de, 'auth:registration.submit') }).click();
  // Bad input gets a translated field error and nothing is sent.
  await expect(page.getByText(t(de, 'errors:field.password_too_short'))).toBeVisible();
  await page.getByLabel(field(t(de, 'auth:registration.password'))).fill('long-enough-password');
  await page.getByLabel(field(t(de, 'auth:registration.password2'))).fill('long-enough-password');
  await page.getByRole('button', { name: t(de, 'auth:registration.submit') }).click();
  await expect(page).toHaveURL(/\/registration\/confirm$/);
  await expect(page.getByText(t(de, 'auth:confirm.sent'))).toBeVisible();

  // Signing in before the address is confirmed is refused.
  await submitLogin(page, email, 'long-enough-password');
  await expect(page.getByText(t(de, 'errors:email_not_confirmed'))).toBeVisible();

  await page.goto(await linkFromMail(email, '/registration/confirm'));
  await expect(page.getByText(t(de, 'auth:confirm.done'))).toBeVisible();
  await submitLogin(page, email, 'long-enough-password');
  // A new rider has not accepted the terms yet: every rider page but the profile sends them there.
  await expect(page).toHaveURL(/\/rider\/profile$/);
  await expect(page.getByText(t(de, 'auth:terms.pending'))).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link, once', async ({ page, request }) => {
  const { email, password } = await registerViaApi(request, 'official');
  await page.goto('/login');
  await page.getByRole('link', { name: t(de, 'auth:login.forgotPassword') }).click();
  await page.getByLabel(field(t(de, 'auth:forgot.email'))).fill(email);
  await page.getByRole('button', { name: t(de, 'auth:forgot.submit') }).click();
  await expect(page.getByText(t(de, 'auth:forgot.sent'))).toBeVisible();

  const link = await linkFromMail(email, '/passwordReset');
  await page.goto(link);
  await page.getByLabel(field(t(de, 'auth:reset.password'))).fill('brand-new-password');
  await page.getByLabel(field(t(de, 'auth:reset.password2'))).fill('not-the-same-password');
  await page.getByRole('button', { name: t(de, 'auth:reset.submit') }).click();
  await expect(page.getByText(t(de, 'errors:field.passwords_mismatch'))).toBeVisible();
  await page.getByLabel(field(t(de, 'auth:reset.password2'))).fill('brand-new-password');
  await page.getByRole('button', { name: t(de, 'auth:reset.submit') }).click();
  await expect(page.getByText(t(de, 'auth:reset.done'))).toBeVisible();

  await submitLogin(page, email, password);
  await expect(page.getByText(t(de, 'errors:invalid_credentials'))).toBeVisible();
  await submitLogin(page, email, 'brand-new-password');
  await expect(page).toHaveURL(/\/official\/overview$/);

  // The same link cannot be used twice.
  await page.getByRole('button', { name: t(de, 'shell:logout') }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByText(t(de, 'auth:reset.invalid'))).toBeVisible();
});

test('a magic link signs a guest in once', async ({ page, request }) => {
  const { email } = await registerViaApi(request, 'simpleuser');
  await page.goto('/login');
  await page.getByRole('link', { name: t(de, 'auth:login.magicLink') }).click();
  await page.getByLabel(field(t(de, 'auth:magic.email'))).fill(email);
  await page.getByRole('button', { name: t(de, 'auth:magic.submit') }).click();
  await expect(page.getByText(t(de, 'auth:magic.sent'))).toBeVisible();

  const link = await linkFromMail(email, '/magic-login');
  await page.goto(link);
  await expect(page).toHaveURL(/\/simpleuser\/overview$/);

  await page.getByRole('button', { name: t(de, 'shell:logout') }).click();

  await expect(page).toHaveURL(/\/login/);
  await page.goto(link);
  await expect(page.getByText(t(de, 'errors:link_used'))).toBeVisible();
});

test('an admin impersonates a rider and stops', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.getByLabel(field(t('en', 'auth:impersonation.search'))).fill('rider@paddock');
  await page
    .getByRole('button', { name: t('en', 'auth:impersonation.impersonateUser', { user: 'Rosa Rider' }) })
    .click();
  await expect(page).toHaveURL(/\/rider\/overview$/);
  const banner = page.getByText(t('en', 'auth:impersonation.banner', { user: 'Rosa Rider' }));
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: t('en', 'auth:impersonation.stop') }).click();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(banner).toHaveCount(0);
});
