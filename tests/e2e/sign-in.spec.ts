import { expect, test } from '@playwright/test';
import { DEFAULT_LANGUAGE, DEMO_USERS, type DemoUser, loginAs, registerViaApi, submitLogin, t, field } from './support';

test.describe('each demo user signs in and lands on its dashboard, in its language', () => {
  for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
    const { lang, audience } = DEMO_USERS[user];
    // The welcome desk and the sign-in desk land on their lists (spec: /welcomedesk/ and /signin/ redirect to list).
    const list = user === 'welcomedesk' || user === 'signin' ? `routes:${user}List` : null;
    const heading = user === 'admin' ? 'routes:adminVenues' : (list ?? `dashboard:audience.${audience}`);
    test(user, async ({ page }) => {
      await loginAs(page, user);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, heading) })).toBeVisible();
      if (!list) {
        const who = page.getByRole('region', { name: t(lang, 'auth:signedIn.title') });
        await expect(who).toContainText(`${user}@paddock.demo`);
        await expect(who.getByLabel(field(t(lang, 'auth:signedIn.roles')))).toContainText(
          t(lang, `common:roles.${user}`),
        );
      }
      await expect(page.getByLabel(field(t(lang, 'shell:language')))).toHaveValue(lang);
      await expect(page).toHaveTitle(new RegExp(`^Paddock`));
    });
  }
});

test('the venue-bound dashboards show the assigned venue', async ({ page }) => {
  await loginAs(page, 'welcomedesk');
  // The venue's name stands on its own in the header; the demo show day's attendees name it too.
  await expect(page.getByText('Paddock Classic', { exact: true })).toBeVisible();
});

test('a user with two roles chooses a dashboard', async ({ page }) => {
  await submitLogin(page, 'multi');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'routes:chooseDashboard') })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(t('en', 'dashboard:audience.official')) }).click();
  await expect(page).toHaveURL(/\/official\/overview$/);
  await page.goBack();
  await page.getByRole('link', { name: new RegExp(t('en', 'dashboard:audience.rider')) }).click();
  await expect(page).toHaveURL(/\/rider\/overview$/);
});

test('a wrong password shows the error and signs nobody in', async ({ page }) => {
  await submitLogin(page, 'rider', 'not-the-password');
  await expect(page.getByText(t(DEFAULT_LANGUAGE, 'errors:invalid_credentials'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/rider/overview');
  await expect(page).toHaveURL(/\/login/);
});

test('an empty form is refused before anything is sent', async ({ page }) => {
  await page.goto('/login');
  let posted = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/token/auth/')) posted = true;
  });
  await page.getByRole('button', { name: t(DEFAULT_LANGUAGE, 'auth:login.submit') }).click();
  await expect(page.getByText(t(DEFAULT_LANGUAGE, 'errors:field.required')).first()).toBeVisible();
  expect(posted).toBe(false);
});

test('an unknown route shows "Route not found"', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t('en', 'routes:notFound') })).toBeVisible();
});

test('a role that does not fit is sent to /403', async ({ page }) => {
  await loginAs(page, 'rider');
  await page.goto('/stable/dashboard');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByText(t('en', 'shell:forbidden'))).toBeVisible();
});

test('logout ends the session, on the server too', async ({ page, request }) => {
  // A fresh account: logout ends every session of its user, and the demo users serve other
  // tests at the same time.
  const { email, password } = await registerViaApi(request, 'employer');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('paddock') ?? '{}') as { state?: { token?: string } }).state?.token,
  );
  const me = () => request.get('/api/auth/user/', { headers: { authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);
  await page.getByRole('button', { name: t('de', 'shell:logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/employer/overview');
  await expect(page).toHaveURL(/\/login/);
  // The token the browser held is refused by the server, not only forgotten by the browser.
  expect((await me()).status()).toBe(401);
  const refreshed = await request.post('/api/token/refresh/', { data: { token } });
  expect(refreshed.status()).toBe(400);
});
