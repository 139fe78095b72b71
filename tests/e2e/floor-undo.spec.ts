import { expect, test } from '@playwright/test';
import { en, entriesBy, offlineAtDemoRider, statusBar, synced } from './floor-support';

/*
 * A charge made offline and undone at once arrives with its
 * reversal, in that order, each once: the server holds the charge reversed, the balance unchanged.
 */

test('an offline charge undone at once reaches the server as the charge and its reversal, once each', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(360_000);
  const staff = await offlineAtDemoRider(page, context, request);
  const form = page.getByRole('form', { name: en('floor:charge.title') });
  const balance = form.getByText(new RegExp(`^${en('floor:quick.balance', { venue: '.+', amount: '' }).trim()}`));
  const before = await balance.textContent();
  await form
    .getByRole('group', { name: en('floor:quick.mostUsed') })
    .getByRole('button')
    .first()
    .click();
  await form.getByRole('button', { name: new RegExp(`^${en('floor:quick.save', { amount: '' }).trim()} .+`) }).click();
  await form.getByRole('button', { name: en('floor:quick.undo') }).click();
  await expect(form.getByRole('button', { name: en('floor:quick.undo') })).toHaveCount(0);
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 2 }));
  // The balance is back where it was (both entries pending on this device).
  await expect(balance).toHaveText(new RegExp(`^${before!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));

  await context.setOffline(false);
  await synced(page);
  const entries = await entriesBy(request, staff.id);
  expect(entries.map((e) => e.kind).sort()).toEqual(['charge', 'reversal']);
  const charge = entries.find((e) => e.kind === 'charge')!;
  const reversal = entries.find((e) => e.kind === 'reversal')! as typeof charge & { reversal_of: number | null };
  expect(reversal.reversal_of).toBe(charge.id);
});
