import { expect, test } from '@playwright/test';
import { en } from './floor-support';
import { loginAs } from './support';
import { apiAs, feiSample, freshVenue } from './support/sport';

/*
 * FEI entries in: the admin opens a venue's FEI import, uploads the sample entry
 * file, sees the preview (counts and entries), commits it and watches the run finish. A venue of
 * its own (its show id made unique) keeps the demo show's events and entries as the other tests
 * expect them.
 */
const slow = expect.configure({ timeout: 90_000 });

test('the admin uploads the FEI entry file, sees the preview, commits it and sees the run finish', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const show = `2026_CI_E${Date.now() % 100_000}`;
  const venue = await freshVenue(request, `FEI import ${show}`);

  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/venues/${venue}/views/venue-import`);
  await expect(page.getByRole('heading', { level: 1, name: en('routes:venueImport') })).toBeVisible();

  await page.getByRole('button', { name: en('fei:upload.participations') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'fei-entry-jumping.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(feiSample(show)),
  });
  await dialog.getByRole('button', { name: en('shell:upload.confirm') }).click();

  const preview = page.getByRole('region', { name: en('fei:preview.title', { file: 'fei-entry-jumping.xml' }) });
  await slow(preview).toBeVisible();
  await expect(preview.getByText(en('fei:preview.setsVenueFeiId', { id: show }))).toBeVisible();
  const counts = preview.getByRole('list', { name: en('fei:preview.counts') });
  await expect(
    counts.getByText(en('fei:count.entries', { create: 4, match: 0, withdraw: 0, withdraw_blocked: 0, skip: 1 })),
  ).toBeVisible();
  // The young riders' event category is new unless another test's import (sport-flow) made it first.
  const events = (categories: number) =>
    counts.getByText(en('fei:count.events', { create: 2, match: 0, update: 0, categories }));
  await expect(events(1).or(events(0))).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'CARDENIO Z' })).toBeVisible();

  await preview.getByRole('button', { name: en('fei:preview.commit') }).click();
  const run = page.getByRole('region', { name: en('jobs:kind.fei_import') });
  await slow(run.getByText(en('jobs:status.done'), { exact: true })).toBeVisible();
  await slow(preview.getByText(en('fei:status.committed'), { exact: true })).toBeVisible();
  await expect(run.getByText(en('jobs:message.fei_committed'))).toBeVisible();

  // What the run did is on record: the venue's riders with their horses.
  const call = await apiAs(request);
  const participations = await call<{ count: number }>('GET', `/api/v1/venueParticipation/?venue=${venue}`);
  expect(participations.count).toBe(3);
});
