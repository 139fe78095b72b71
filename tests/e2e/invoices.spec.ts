import { expect, test } from '@playwright/test';
import { loginAs, mailsTo, t } from './support';

/*
 * Closing the books of the demo show. This file runs after every other browser test
 * (its own Playwright project, see playwright.config.ts): invoicing locks the demo show's
 * entries, which the floor and ledger tests still edit and undo.
 */
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('the organizer invoices the demo show with a progress bar, credits a line and e-mails them; the rider downloads hers', async ({
  page,
}) => {
  test.setTimeout(720_000);
  await loginAs(page, 'organizer');
  await page.getByRole('link', { name: de('routes:organizerInvoices'), exact: true }).click();
  await expect(page).toHaveURL(/\/organizer\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: de('routes:organizerInvoices') })).toBeVisible();

  // Generate every invoice: the run's progress bar goes to the end.
  await page.getByRole('button', { name: de('invoices:generate.button') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  const progress = page.getByRole('progressbar', { name: de('jobs:progress.label') });
  await expect(progress).toBeVisible();
  await expect(page.getByText(de('jobs:status.done'), { exact: true }).first()).toBeVisible({ timeout: 540_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');

  // Open Rosa Rider's invoice from the list. The list shows the rows it had until the search's
  // answer is there (and the run's end refreshes it meanwhile): wait for that answer, then for
  // the one row it holds.
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith('/invoices/') && url.searchParams.get('search') === 'Rosa Rider';
  });
  await page.getByLabel(de('invoices:filters.search')).fill('Rosa Rider');
  await searched;
  const rosa = page.getByRole('link', { name: /^1-\d{5}$/ });
  const rows = page.getByRole('row').filter({ has: rosa });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Rosa Rider');
  const number = (await rosa.textContent())!.trim();
  await rosa.click();
  await expect(page.getByRole('heading', { level: 2, name: number, exact: true })).toBeVisible();

  // A credit note for one line: keep only the first line chosen.
  await page.getByRole('button', { name: de('invoices:creditNote.button') }).click();
  const dialog = page.getByRole('dialog');
  const boxes = dialog.getByRole('checkbox');
  const lines = await boxes.count();
  expect(lines).toBeGreaterThan(1);
  for (let i = 1; i < lines; i++) await boxes.nth(i).uncheck();
  await dialog.getByRole('button', { name: de('invoices:creditNote.submit') }).click();
  await expect(page.getByText(new RegExp(de('invoices:creditNote.created', { number: '1-\\d{5}' })))).toBeVisible();
  // The credit note opens: it names the invoice it corrects.
  await expect(page.getByRole('heading', { level: 2, name: number, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();

  // Back to the list: e-mail every invoice.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/organizer\/invoices$/);
  await page.getByRole('button', { name: de('invoices:email.button') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  await expect(page.getByText(de('jobs:kind.invoice_emails')).first()).toBeVisible();
  await expect
    .poll(() => mailsTo('rider@paddock.demo').filter((m) => m.includes(`attached is invoice ${number}`)).length, {
      timeout: 360_000,
    })
    .toBe(1);

  // The demo rider finds the invoice and its credit note in her reports, and downloads the PDF.
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await loginAs(page, 'rider');
  await page
    .getByRole('region', { name: en('owner:overview.sections') })
    .getByRole('link', { name: en('routes:reports'), exact: true })
    .click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en('invoices:download.pdfNamed', { number }) }).click();
  expect((await download).suggestedFilename()).toBe(`${number}.pdf`);
  await expect(page.getByText(en('invoices:kind.credit_note')).first()).toBeVisible();
});
