import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginAs, t } from './support';

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

/*
 * The admin syncs the federation's registry from an uploaded export
 * file (the e2e server has no registry connection), follows the progress in the log dialog,
 * sees the page reload with the last sync and its numbers, and finds a synced rider.
 */
test('an admin syncs the registry from an export file and finds a created rider', async ({ page }) => {
  test.setTimeout(270_000);
  const file = readFileSync('tests/fixtures/registry/registry-export.json');
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: en('routes:adminSync') }).click();
  await expect(page).toHaveURL(/\/sync$/);
  await expect(page.getByRole('heading', { level: 1, name: en('routes:adminSync') })).toBeVisible();
  await expect(page.getByText(en('sync:notConfigured'))).toBeVisible();
  await expect(page.getByText(en('sync:toast.none'))).toBeVisible();
  await expect(page.getByTestId('last-sync')).toHaveText(en('sync:status.never'));

  await page.getByRole('button', { name: en('sync:upload') }).click();
  const upload = page.getByRole('dialog', { name: en('sync:uploadTitle') });
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'registry-export.json', mimeType: 'application/json', buffer: file });
  await upload.getByRole('button', { name: en('shell:upload.confirm') }).click();
  await expect(page.getByText(en('sync:toast.started'))).toBeVisible();

  // The log dialog: progress newest first, ending with the summary.
  const log = page.getByRole('dialog', { name: en('sync:logTitle') });
  const summary = en('sync:message.sync_done', { created: 6, updated: 0, unchanged: 0, conflicts: 0 });
  const reloaded = page.waitForEvent('load', { timeout: 90_000 });
  let text = '';
  await expect(async () => {
    text = (await log.textContent({ timeout: 1000 })) ?? '';
    expect(text).toContain(summary);
  }).toPass({ timeout: 60_000 });
  const lines = text.split('\n');
  const at = (needle: string) => lines.findIndex((line) => line.includes(needle));
  expect(at(summary)).toBeGreaterThanOrEqual(0);
  expect(at(summary)).toBeLessThan(at(en('sync:message.run_started', { total: 4 })));
  await expect(page.getByText(en('sync:toast.completed'), { exact: true })).toBeVisible();

  // The page reloads 5 s after done: the dialog is gone, the last sync and its numbers are shown.
  await reloaded;
  await expect(log).toBeHidden();
  await expect(page.getByTestId('last-sync')).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}$/);
  const counts = page.getByRole('table', { name: en('sync:counts.title') });
  await expect(counts.getByRole('row', { name: en('sync:entity.rider') })).toContainText('2');
  await expect(page.getByText(en('sync:state.done'))).toBeVisible();

  // A created rider is in the admin's riders list.
  await page
    .getByRole('navigation', { name: en('shell:breadcrumbs') })
    .getByRole('link', { name: en('routes:adminVenues') })
    .click();
  await page.getByRole('link', { name: en('routes:adminRiders') }).click();
  await page.getByLabel(en('people:admin.search'), { exact: true }).fill('Brunnerhof');
  await expect(page.getByRole('cell', { name: 'Seraina Brunnerhof', exact: true })).toBeVisible();
});
