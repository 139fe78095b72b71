import { expect, test } from '@playwright/test';
import { field, loginAs, t } from './support';

/*
 * The show office sets up its own show: the demo organizer finds the set-up of its venue on its
 * start page, the venue's Invoicing section and bank account on the edit page, and nothing of
 * another venue. What only a browser shows: a long button label wraps on a 360 px phone instead of
 * being cut, and the transaction kind badges keep their words in a table at 1366 px.
 */

const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);

test('the organizer opens its own venue’s set-up, invoicing included, and not another venue’s', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'organizer');
  const setup = page.getByRole('region', { name: de('venueSetup:overview.setUpShow') });
  await setup.getByRole('link', { name: de('routes:venueConfigEdit'), exact: true }).click();
  await expect(page).toHaveURL(/\/venues\/1\/config\/edit$/);
  const invoicing = page.getByRole('form', { name: de('venueSetup:invoicing.title') });
  await expect(invoicing.getByLabel(field(de('venueSetup:invoicing.legal_name')))).toBeVisible();
  await expect(page.getByRole('region', { name: de('venueSetup:invoicing.bankTitle') })).toBeVisible();

  await page.goto('/venues/999/config/edit');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/venues/1/config/emails');
  await expect(page).toHaveURL(/\/403$/);
});

test('kind badges keep their words at 1366 px; a long button label wraps at 360 px', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAs(page, 'organizer');
  await page.goto('/organizer/transactions');
  const charge = page.getByRole('table').getByText(de('ledger:kind.charge'), { exact: true }).first();
  await expect(charge).toBeVisible();
  // the label is not cut (no ellipsis): all of its text fits its box
  const cut = await charge.evaluate((label) => label.scrollWidth > label.clientWidth + 1);
  expect(cut).toBe(false);
  expect((await charge.boundingBox())!.width).toBeGreaterThan(30);

  // "Rechnungen per E-Mail senden" was cut to "Rechnungen per E-Mail se…" on a phone
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, key] of [
    ['/organizer/invoices', 'invoices:email.button'],
    ['/venues/1/config/edit', 'venueSetup:invoicing.save'],
  ] as const) {
    await page.goto(path);
    const button = page.getByRole('button', { name: de(key) });
    await expect(button).toBeVisible();
    const label = button.locator('.mantine-Button-label');
    expect(await label.evaluate((node) => node.scrollWidth > node.clientWidth + 1), path).toBe(false);
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, path).toBeLessThanOrEqual(360);
  }
});
