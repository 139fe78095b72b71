import { expect, test } from '@playwright/test';
import { bearer, tokenOf } from './floor-support';
import { choose, loginAs, t } from './support';

/*
 * Issue 15 §4 and §3 in the browser: the admin pastes a price list into a venue (one row wrong at
 * first, fixed in the dialog), then compares price lists on /consumables and copies one to
 * another venue.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('the admin pastes a price list, fixes a bad row, and copies the list to another venue', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const tag = Date.now().toString(36).toUpperCase();
  const spring = `Spring Show ${tag}`;
  const autumn = `Autumn Show ${tag}`;
  const token = await tokenOf(request, 'admin');
  for (const name of [spring, autumn]) {
    const res = await request.post('/api/v1/venue/', {
      headers: bearer(token),
      data: { name, currency: 'EUR', currencyDisplay: '€', time_zone: 'Europe/Berlin' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // From the dashboard to the spring show's price list.
  await loginAs(page, 'admin');
  await page.getByLabel(en('venues:list.search')).fill(spring);
  await page.getByRole('link', { name: spring }).click();
  await expect(page).toHaveURL(/\/venues\/\d+\/config$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: en('routes:venueConsumables'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/config\/consumables$/);
  await page.getByRole('button', { name: en('bulk:consumables.button') }).click();

  const dialog = page.getByRole('dialog', { name: en('bulk:consumables.title') });
  const rows = dialog.getByLabel(en('bulk:pasteLabel'));
  await rows.fill(
    'Name\tCategory\tUnit\tPrice\nHay\tHay\tbale\t12.50\nStraw\tFeed\tbale\tcheap\nShavings\t\tbag\t8,00',
  );
  const second = dialog.getByRole('row', { name: en('bulk:rowLabel', { n: 2 }) });
  await expect(second.getByText(en('errors:field.invalid'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: en('bulk:create', { count: 3 }) })).toBeDisabled();
  await rows.fill('Name\tCategory\tUnit\tPrice\nHay\tHay\tbale\t12.50\nStraw\tFeed\tbale\t9.00\nShavings\t\tbag\t8,00');
  await expect(second.getByText(en('errors:field.invalid'))).toBeHidden();
  await dialog.getByRole('button', { name: en('bulk:create', { count: 3 }) }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en('bulk:created', { count: 3 }))).toBeVisible();
  const articles: [string, string][] = [
    ['Hay', '12.50 €'],
    ['Straw', '9.00 €'],
    ['Shavings', '8.00 €'],
  ];
  for (const [name, price] of articles) {
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(price);
  }

  // Consumables from the dashboard: both shows side by side, then a copy.
  await page
    .getByRole('link', { name: en('routes:adminVenues') })
    .first()
    .click();
  await page.getByRole('link', { name: en('routes:adminConsumables') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('routes:adminConsumables') })).toBeVisible();
  // The page opens with the first venues; the admin empties the choice and picks the two shows.
  const venues = page.getByRole('combobox', { name: en('bulk:priceLists.venues') });
  await venues.click();
  for (let i = 0; i < 3; i++) await venues.press('Backspace');
  for (const name of [spring, autumn]) {
    await venues.fill(tag);
    await page.getByRole('option', { name }).click();
  }
  await page.keyboard.press('Escape');
  const springList = page.getByRole('region', { name: spring });
  const autumnList = page.getByRole('region', { name: autumn });
  await expect(springList.getByRole('cell', { name: '12.50 €' })).toBeVisible();
  await expect(autumnList.getByText(en('bulk:priceLists.empty'))).toBeVisible();
  await page.getByLabel(en('bulk:priceLists.filter')).fill('stra');
  await expect(springList.getByRole('cell', { name: 'Straw', exact: true })).toBeVisible();
  await expect(springList.getByRole('row').filter({ hasText: 'Shavings' })).toBeHidden();
  await page.getByLabel(en('bulk:priceLists.filter')).fill('');

  const copy = page.getByRole('region', { name: en('bulk:priceLists.copy.title') });
  await choose(page, en('bulk:priceLists.copy.from'), new RegExp(spring), spring);
  await choose(page, en('bulk:priceLists.copy.to'), new RegExp(autumn), autumn);
  await copy.getByRole('button', { name: en('bulk:priceLists.copy.submit') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('shell:confirm.confirm') })
    .click();
  await expect(page.getByText(en('bulk:priceLists.copy.done', { created: 3, skipped: 0 }))).toBeVisible();
  for (const [name, price] of articles) {
    await expect(autumnList.getByRole('row').filter({ hasText: name })).toContainText(price);
  }
});
