import { expect, test } from '@playwright/test';
import { loginAs, t } from './support';

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('the demo rider finds horses and balance from the dashboard, and every section page navigates on', async ({
  page,
}) => {
  test.setTimeout(270_000);
  await loginAs(page, 'rider');
  const sections = page.getByRole('region', { name: en('owner:overview.sections') });
  for (const key of [
    'riderProfile',
    'horses',
    'grooms',
    'bankAccounts',
    'documents',
    'employment',
    'teamMembers',
    'shows',
    'reports',
    'balance',
  ])
    await expect(sections.getByRole('link', { name: en(`routes:${key}`), exact: true })).toBeVisible();

  await sections.getByRole('link', { name: en('routes:horses'), exact: true }).click();
  await expect(page).toHaveURL(/\/rider\/horses$/);
  await expect(page.getByRole('heading', { name: en('routes:horses'), level: 1 })).toBeVisible();
  // The demo show day: Rosa's two horses are on her list.
  await expect(page.getByRole('cell', { name: 'Quidam Blue', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Cassini Rose', exact: true })).toBeVisible();

  const nav = page.getByRole('navigation', { name: en('owner:overview.sections') });
  await nav.getByRole('link', { name: en('routes:balance'), exact: true }).click();
  await expect(page).toHaveURL(/\/rider\/balance$/);
  const balances = page.getByRole('table', { name: en('owner:money.balanceTitle') });
  // The seeded day charged her: a balance in the one money format (two decimals, the venue's sign).
  await expect(balances.getByRole('row', { name: /Paddock Classic/ })).toContainText(/-\d+\.\d{2} €/);

  await page
    .getByRole('navigation', { name: en('owner:overview.sections') })
    .getByRole('link', { name: en('routes:riderOverview') })
    .click();
  await expect(page).toHaveURL(/\/rider\/overview$/);
  await page
    .getByRole('region', { name: en('owner:overview.sections') })
    .getByRole('link', { name: en('routes:balance'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/rider\/balance$/);
});
