import { expect, test } from '@playwright/test';
import { choose, field, loginAs, t } from './support';

/*
 * End to end in the browser: an admin sets a show up — tax type, venue, event, tax
 * configuration, consumables, staff, participant — posts a charge, sees the balance and the VAT
 * in the overview, reverses the charge and sees the balance return.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('an admin sets up a show, posts a charge, sees balance and VAT, and reverses it', async ({ page, browser }) => {
  test.setTimeout(450_000);
  page.setDefaultTimeout(15_000);
  const tag = Date.now().toString(36).toUpperCase();
  const show = `Ledger Show ${tag}`;
  await loginAs(page, 'admin');

  // Configuration: a tax type of 22 % valid since 2020.
  await page.goto('/config/taxTypes');
  await page.getByRole('button', { name: en('configuration:taxTypes.add') }).click();
  const taxForm = page.getByRole('dialog');
  await taxForm.getByLabel(field(en('configuration:taxTypes.code'))).fill(`VAT22${tag}`);
  await taxForm.getByLabel(field(en('configuration:taxTypes.name'))).fill(`VAT 22 ${tag}`);
  await taxForm.getByLabel(field(en('configuration:taxTypes.rate'))).fill('22');
  await taxForm.getByLabel(field(en('configuration:taxTypes.validFrom'))).fill('2020-01-01');
  await taxForm.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page.getByRole('cell', { name: `VAT22${tag}`, exact: true })).toBeVisible();

  // The venue.
  await page.goto('/venues');
  await page.getByRole('link', { name: en('venues:list.add') }).click();
  await page.getByLabel(field(en('venueSetup:venueForm.name'))).fill(show);
  // the country is required: where the show is held decides its VAT
  await choose(page, en('venueSetup:venueForm.country'), /\(SI\)$/, 'Slov');
  await choose(page, en('venueSetup:venueForm.currency'), /^EUR/);
  await page.getByRole('button', { name: en('venueSetup:venueForm.create') }).click();
  await expect(page).toHaveURL(/\/venues\/\d+\/config$/);
  const venueId = Number(/\/venues\/(\d+)\//.exec(page.url())![1]);

  // An event (VEC) of an event category of our own.
  await page.goto(`/venues/${venueId}/config/venueEventCategories`);
  await page.getByRole('button', { name: en('venueSetup:vecs.add') }).click();
  const vecForm = page.getByRole('dialog');
  await vecForm.getByLabel(field(en('venueSetup:vecs.name'))).fill(`CSI2* ${tag}`);
  await choose(page, en('venueSetup:vecs.eventCategory'), /CSI2\*/);
  await vecForm.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page.getByRole('cell', { name: `CSI2* ${tag}`, exact: true })).toBeVisible();

  // Its tax configuration: boxes carry our 22 %.
  await page.goto(`/venues/${venueId}/config/taxConfigurations`);
  await page.getByRole('link', { name: en('venueSetup:taxConfiguration.editNamed', { name: `CSI2* ${tag}` }) }).click();
  const boxes = en('venueSetup:category.box');
  await choose(page, en('venueSetup:taxConfiguration.taxTypeFor', { category: boxes }), new RegExp(`VAT 22 ${tag}`));
  await page.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page.getByText(en('common:toast.saved')).first()).toBeVisible();

  // A consumable without its own tax type: the event's configuration decides.
  await page.goto(`/venues/${venueId}/config/consumables`);
  await page.getByRole('button', { name: en('venueSetup:consumables.add') }).click();
  const consumableForm = page.getByRole('dialog');
  await consumableForm.getByLabel(field(en('venueSetup:consumables.name'))).fill('Box for the show');
  await choose(page, en('venueSetup:consumables.category'), boxes);
  await consumableForm.getByLabel(field(en('venueSetup:consumables.unitPrice'))).fill('122,00');
  await consumableForm.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page.getByRole('cell', { name: 'Box for the show', exact: true })).toBeVisible();

  // Staff: the demo stable user works at this show now.
  await page.goto(`/venues/${venueId}/config/users`);
  await page.getByRole('button', { name: en('venueSetup:users.assign') }).click();
  await choose(page, en('venueSetup:users.user'), /stable/, 'stable');
  await page.getByRole('checkbox', { name: en('common:roles.stable') }).check();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('common:form.save') })
    .click();
  await expect(page.getByRole('cell', { name: 'stable', exact: true })).toBeVisible();
  const stable = await browser.newPage();
  await loginAs(stable, 'stable');
  await expect(stable.getByText(show, { exact: true })).toBeVisible();
  await stable.close();

  // The demo rider is enrolled.
  await page.goto(`/venues/${venueId}/views/participants`);
  await page.getByRole('button', { name: en('participants:enrol.title') }).click();
  await choose(page, en('participants:enrol.rider'), /Rosa Rider/, 'Rosa');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: en('common:form.save') })
    .click();
  await expect(page.getByRole('cell', { name: 'Rosa Rider', exact: true })).toHaveCount(2); // rider and payer

  // A charge: one box, 122.00 gross with 22 % VAT in it.
  await page.goto(`/venues/${venueId}/views/transactions/new`);
  await choose(page, en('ledger:form.party'), /Rosa Rider/, 'Rosa');
  await choose(page, en('ledger:form.consumable'), /Box for the show/);
  await choose(page, en('ledger:form.event'), `CSI2* ${tag}`);
  const preview = page.getByRole('region', { name: en('ledger:preview.title') });
  await expect(preview.getByText(en('ledger:preview.tax', { rate: 22 }))).toBeVisible();
  await expect(preview.getByText('100.00 €', { exact: true })).toBeVisible();
  await expect(preview.getByText('22.00 €', { exact: true })).toBeVisible();
  await expect(preview.getByText('122.00 €', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: en('ledger:form.save') }).click();
  await expect(page).toHaveURL(new RegExp(`/venues/${venueId}/views/transactions$`));
  await expect(page.getByRole('cell', { name: /-122\.00/ }).first()).toBeVisible();

  // Balance and VAT in the overview.
  await page.goto(`/balances?venue=${venueId}`);
  const totals = page.getByRole('region', { name: en('ledger:balances.totalsTitle', { venue: show }) });
  await expect(totals.getByText(/-122\.00/).first()).toBeVisible();
  const vat = page.getByRole('region', { name: en('ledger:vat.title') });
  await expect(vat.getByRole('cell', { name: /22/ }).first()).toBeVisible();
  await expect(vat.getByRole('cell', { name: /22\.00/ }).first()).toBeVisible();
  await expect(vat.getByRole('cell', { name: /100\.00/ }).first()).toBeVisible();

  // Reverse it: the history keeps both entries, the balance returns to zero.
  await page.goto(`/venues/${venueId}/views/transactions`);
  await page.getByRole('button', { name: /^Reverse transaction #\d+$/ }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(en('ledger:table.reversed')).first()).toBeVisible();
  await expect(page.getByText(/Reversal of #\d+/)).toBeVisible();
  await page.goto(`/balances?venue=${venueId}`);
  await expect(totals.getByText(/^0\.00/).first()).toBeVisible();
});

test('the show office charges a rider at its own venue from the transactions page', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
  await loginAs(page, 'organizer');
  await page.getByRole('link', { name: de('routes:organizerTransactions'), exact: true }).click();
  await expect(page).toHaveURL(/\/organizer\/transactions$/);
  await page.getByRole('button', { name: de('ledger:list.new') }).click();
  const dialog = page.getByRole('dialog');
  await choose(page, de('ledger:form.party'), /Rosa Rider/, 'Rosa');
  await choose(page, de('ledger:form.consumable'), /Hay/);
  await dialog.getByLabel(field(de('ledger:form.quantity'))).fill('3');
  await choose(page, de('ledger:form.event'), 'CSI2* Lipica');
  // 3 bales of hay at 9.50, gross, with the reduced 9.5 % of the demo show: 2.47 VAT in 28.50.
  const preview = dialog.getByRole('region', { name: de('ledger:preview.title') });
  await expect(preview.getByText('26.03 €', { exact: true })).toBeVisible();
  await expect(preview.getByText('2.47 €', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: de('ledger:form.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: /-28\.50/ }).first()).toBeVisible();
});
