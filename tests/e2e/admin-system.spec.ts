import { expect, test } from '@playwright/test';
import { loginAs, t } from './support';

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('an admin reads the error reports and the audit log from the dashboard', async ({ page, request }) => {
  // A failure the way a browser reports it: no token, through the real API.
  const message = `e2e lost connection ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const reported = await request.post('/api/v1/errorReport/', {
    data: { kind: 'network', method: 'GET', url: '/api/v1/venue/', message, stack: 'TypeError: Failed to fetch' },
  });
  expect(reported.status()).toBe(201);
  const { id } = (await reported.json()) as { id: number };

  await loginAs(page, 'admin');
  await page.getByRole('link', { name: en('routes:errorReports') }).click();
  await expect(page).toHaveURL(/\/errorReports$/);
  await expect(page.getByRole('heading', { level: 1, name: en('routes:errorReports') })).toBeVisible();
  await expect(page).toHaveTitle(`Paddock - ${en('routes:errorReports')}`);

  await page.getByRole('combobox', { name: en('system:errorReports.filterKind') }).selectOption('network');
  const row = page.getByRole('row').filter({ hasText: message });
  await expect(row).toContainText(en('system:kind.network'));
  await expect(row).toContainText(en('system:errorReports.anonymous'));
  await row.getByRole('button', { name: en('system:errorReports.openDetails', { id }) }).click();
  const details = page.getByRole('dialog', { name: en('system:errorReports.detailsTitle', { id }) });
  await expect(details).toContainText(message);
  await expect(details).toContainText('TypeError: Failed to fetch');
  await details
    .getByRole('button', { name: en('system:table.close') })
    .last()
    .click();
  await expect(details).toBeHidden();

  // Back to the dashboard by the breadcrumb, on to the audit log.
  await page
    .getByRole('navigation', { name: en('shell:breadcrumbs') })
    .getByRole('link', { name: en('routes:adminVenues') })
    .click();
  await expect(page).toHaveURL(/\/venues$/);
  await page.getByRole('link', { name: en('routes:auditLog') }).click();
  await expect(page).toHaveURL(/\/auditLog$/);
  await expect(page.getByRole('heading', { level: 1, name: en('routes:auditLog') })).toBeVisible();

  await page.getByRole('textbox', { name: en('system:auditLog.filterAction') }).fill('auth.login');
  // Newest first: the sign-in of this test, done by the admin (shown as "admin #<id>").
  const login = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'auth.login', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: /^admin #\d+$/ }) })
    .first();
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: en('system:table.details') }).click();
  const entry = page.getByRole('dialog');
  await expect(entry).toContainText('"method": "password"');
  await expect(entry).toContainText('admin');
});
