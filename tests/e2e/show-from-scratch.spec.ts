import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, charge, signInAt, synced, tokenOf } from './floor-support';
import { acceptTerms, choose, field, linkFromMail, submitLogin, t } from './support';

/*
 * A show set up from nothing as a show office does it, no demo data used: the admin creates the
 * venue and its tax types and takes on two new accounts, its organizer and a stable hand; the
 * organizer fills the Invoicing section (issuer, VAT id, contact) and the bank account, adds an
 * event with its tax configuration, a price list and the head-number range; enrols three riders with
 * horses created in the enrol dialog and gives them head numbers; the stable charges them; the
 * office runs the invoices. Every invoice's XRechnung passes the official rule sets (one
 * validator run). The API is used only for what people do elsewhere: accounts registered and
 * confirmed by e-mail, riders' own profiles, and downloading the files for the validator.
 */

const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const VALIDATE = path.join(import.meta.dirname, '../validators/einvoice/validate.sh');

interface Account {
  email: string;
  password: string;
}

/** A confirmed account of our own (registration and the e-mailed link, as a person does it). */
async function account(
  request: APIRequestContext,
  role: 'rider' | 'simpleuser',
  firstName: string,
  lastName: string,
  language: 'de' | 'en',
): Promise<Account> {
  const email = `e2e-scratch-${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'a-good-password-42';
  const res = await request.post('/api/v1/user/register/', {
    data: { email, first_name: firstName, last_name: lastName, role, language, password, password2: password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = new URL(await linkFromMail(email, '/registration/confirm'), 'http://localhost');
  const confirm = await request.post('/api/v1/user/confirmEmail/', {
    data: { uid: link.searchParams.get('uid'), token: link.searchParams.get('token') },
  });
  expect(confirm.status()).toBe(200);
  return { email, password };
}

/** A rider fills their own profile: the postal address an invoice names. */
async function riderProfile(request: APIRequestContext, login: Account, city: string): Promise<void> {
  await acceptTerms(request, login);
  const auth = bearer(await tokenOf(request, login.email, login.password));
  const me = (await (await request.get('/api/auth/user/', { headers: auth })).json()) as { rider_id: number };
  const saved = await request.patch(`/api/v1/rider/${me.rider_id}/`, {
    headers: auth,
    data: { address: 'Hauptstraße 1', postal_code: '80331', city, country: 'DE' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function saveDialog(page: Page, lang: 'de' | 'en') {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t(lang, 'common:form.save') })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a show set up from nothing invoices its riders, and every XRechnung passes the rule sets', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(1_260_000);
  page.setDefaultTimeout(20_000);
  const tag = Date.now().toString(36).toUpperCase();
  const show = `Scratch Show ${tag}`;
  const event = `CSN ${tag}`;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

  const organizer = await account(request, 'simpleuser', 'Olga', `Office${tag}`, 'de');
  const stableHand = await account(request, 'simpleuser', 'Stefan', `Stable${tag}`, 'en');
  const riders = [
    { first: 'Anna', horse: `Amigo ${tag}`, city: 'München' },
    { first: 'Bernd', horse: `Bella ${tag}`, city: 'Augsburg' },
    { first: 'Clara', horse: `Cosmo ${tag}`, city: 'Regensburg' },
  ];
  const riderLogins: Account[] = [];
  for (const rider of riders) {
    const login = await account(request, 'rider', rider.first, `Rider${tag}`, 'de');
    await riderProfile(request, login, rider.city);
    riderLogins.push(login);
  }

  // The admin: tax types, the venue, and its organizer.
  await submitLogin(page, 'admin');
  await expect(page).toHaveURL(/\/venues$/);
  for (const [code, name, rate] of [
    [`DE19${tag}`, `USt 19 ${tag}`, '19'],
    [`DE7${tag}`, `USt 7 ${tag}`, '7'],
  ] as const) {
    await page.goto('/config/taxTypes');
    await page.getByRole('button', { name: en('configuration:taxTypes.add') }).click();
    const taxForm = page.getByRole('dialog');
    await taxForm.getByLabel(field(en('configuration:taxTypes.code'))).fill(code);
    await taxForm.getByLabel(field(en('configuration:taxTypes.name'))).fill(name);
    await taxForm.getByLabel(field(en('configuration:taxTypes.rate'))).fill(rate);
    await taxForm.getByLabel(field(en('configuration:taxTypes.validFrom'))).fill('2020-01-01');
    await taxForm.getByRole('button', { name: en('common:form.save') }).click();
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
  }
  await page.goto('/venues');
  await page.getByRole('link', { name: en('venues:list.add') }).click();
  await page.getByLabel(field(en('venueSetup:venueForm.name'))).fill(show);
  await page.getByLabel(field(en('venueSetup:venueForm.city'))).fill('München');
  await choose(page, en('venueSetup:venueForm.country'), /\(DE\)$/, 'Germ');
  await choose(page, en('venueSetup:venueForm.currency'), /^EUR/);
  await page.getByLabel(field(en('venueSetup:venueForm.startDate'))).fill(day(0));
  await page.getByLabel(field(en('venueSetup:venueForm.endDate'))).fill(day(2));
  await page.getByRole('button', { name: en('venueSetup:venueForm.create') }).click();
  await expect(page).toHaveURL(/\/venues\/\d+\/config$/);
  const venueId = Number(/\/venues\/(\d+)\//.exec(page.url())![1]);
  await page.goto(`/venues/${venueId}/config/users`);
  await page.getByRole('button', { name: en('venueSetup:users.assign') }).click();
  await choose(page, en('venueSetup:users.user'), new RegExp(escape(organizer.email)), organizer.email);
  await page.getByRole('checkbox', { name: en('common:roles.organizer') }).check();
  await saveDialog(page, 'en');
  await expect(page.getByRole('cell', { name: organizer.email, exact: true }).first()).toBeVisible();
  // A new account that is no one's staff yet is the admin's to take on (an organizer takes on
  // staff accounts only): the stable hand.
  await page.getByRole('button', { name: en('venueSetup:users.assign') }).click();
  await choose(page, en('venueSetup:users.user'), new RegExp(escape(stableHand.email)), stableHand.email);
  await page.getByRole('checkbox', { name: en('common:roles.stable') }).check();
  await saveDialog(page, 'en');
  await expect(page.getByRole('cell', { name: stableHand.email, exact: true }).first()).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  // The organizer sets up its show.
  await submitLogin(page, organizer.email, organizer.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/venues/${venueId}/config/edit`);
  const invoicing = page.getByRole('form', { name: de('venueSetup:invoicing.title') });
  const issuer: [string, string][] = [
    ['legal_name', `Reitverein ${tag} e. V.`],
    ['address', 'Turnierplatz 1'],
    ['postal_code', '80331'],
    ['vat_id', 'DE123456789'],
    ['invoice_email', 'rechnung@reitverein.example'],
    ['contact_name', 'Meldestelle'],
    ['contact_phone', '+49 89 123456'],
    ['contact_email', 'meldestelle@reitverein.example'],
  ];
  for (const [name, value] of issuer) {
    await invoicing.getByLabel(field(de(`venueSetup:invoicing.${name}`))).fill(value);
  }
  await invoicing.getByRole('button', { name: de('venueSetup:invoicing.save') }).click();
  await expect(page.getByText(de('venueSetup:toast.saved')).first()).toBeVisible();
  const bank = page.getByRole('region', { name: de('venueSetup:invoicing.bankTitle') });
  await bank.getByRole('button', { name: de('configuration:bankAccounts.add') }).click();
  const account_ = page.getByRole('dialog');
  await account_.getByLabel(field(de('configuration:bankAccounts.holder'))).fill(`Reitverein ${tag} e. V.`);
  await account_.getByLabel(field(de('configuration:bankAccounts.iban'))).fill('DE89370400440532013000');
  await account_.getByLabel(field(de('configuration:bankAccounts.bic'))).fill('COBADEFFXXX');
  await account_.getByLabel(field(de('configuration:bankAccounts.isDefault'))).check();
  await saveDialog(page, 'de');
  await expect(bank.getByRole('cell', { name: 'DE89370400440532013000', exact: true })).toBeVisible();

  await page.goto(`/venues/${venueId}/config/venueEventCategories`);
  await page.getByRole('button', { name: de('venueSetup:vecs.add') }).click();
  await page
    .getByRole('dialog')
    .getByLabel(field(de('venueSetup:vecs.name')))
    .fill(event);
  await choose(page, de('venueSetup:vecs.eventCategory'), /CSN|CSI/);
  await saveDialog(page, 'de');
  await expect(page.getByRole('cell', { name: event, exact: true })).toBeVisible();

  await page.goto(`/venues/${venueId}/config/taxConfigurations`);
  await page.getByRole('link', { name: de('venueSetup:taxConfiguration.editNamed', { name: event }) }).click();
  for (const [category, name] of [
    ['box', `USt 19 ${tag}`],
    ['hay', `USt 7 ${tag}`],
  ] as const) {
    const label = de('venueSetup:taxConfiguration.taxTypeFor', { category: de(`venueSetup:category.${category}`) });
    await choose(page, label, new RegExp(escape(name)));
  }
  await page.getByRole('button', { name: de('common:form.save') }).click();
  await expect(page.getByText(de('common:toast.saved')).first()).toBeVisible();

  await page.goto(`/venues/${venueId}/config/consumables`);
  for (const [name, category, price] of [
    ['Box', 'box', '150,00'],
    ['Heuballen', 'hay', '8,68'],
  ] as const) {
    await page.getByRole('button', { name: de('venueSetup:consumables.add') }).click();
    const item = page.getByRole('dialog');
    await item.getByLabel(field(de('venueSetup:consumables.name'))).fill(name);
    await choose(page, de('venueSetup:consumables.category'), de(`venueSetup:category.${category}`));
    await item.getByLabel(field(de('venueSetup:consumables.unitPrice'))).fill(price);
    await saveDialog(page, 'de');
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }

  await page.goto(`/venues/${venueId}/config/other`);
  const other = page.getByRole('form', { name: de('venueSetup:other.title') });
  await other.getByLabel(field(de('venueSetup:other.headNumberFrom'))).fill('100');
  await other.getByLabel(field(de('venueSetup:other.headNumberTo'))).fill('199');
  await other.getByRole('button', { name: de('common:form.save') }).click();
  await expect(page.getByText(de('venueSetup:toast.saved')).first()).toBeVisible();

  // Three riders, each with a horse created in the enrol dialog.
  await page.goto('/organizer/participants');
  for (const [i, rider] of riders.entries()) {
    await page.getByRole('button', { name: de('participants:enrol.title') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(de('participants:lookup.label')).fill(riderLogins[i]!.email);
    await dialog.getByRole('button', { name: de('participants:lookup.find') }).click();
    await expect(dialog.getByRole('combobox', { name: field(de('participants:enrol.rider')) })).toHaveValue(
      new RegExp(rider.first),
    );
    const horses = dialog.getByRole('combobox', { name: field(de('participants:enrol.horses')) });
    await horses.click();
    await horses.fill(rider.horse);
    await page.getByRole('option', { name: de('participants:enrol.createHorse', { name: rider.horse }) }).click();
    await dialog.getByRole('combobox', { name: field(de('participants:enrol.events')) }).click({ force: true });
    await page.getByRole('option', { name: event }).click();
    // The list stays open over the buttons: a click beside it closes it.
    await dialog.getByRole('heading', { name: de('participants:enrol.title') }).click();
    await saveDialog(page, 'de');
    await expect(page.getByRole('cell', { name: new RegExp(`${rider.first} Rider${tag}`) }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: de('participants:headNumbers.assign') }).click();
  await expect(page.getByText(de('participants:headNumbers.assigned')).first()).toBeVisible();

  // The stable charges each rider: a box and two bales of hay.
  const stable = await browser.newPage();
  stable.setDefaultTimeout(20_000);
  await signInAt(stable, stableHand, '/stable/addTransaction');
  await synced(stable);
  for (const rider of riders) {
    await stable.goto('/stable/addTransaction');
    await stable.getByLabel(en('floor:person.search')).fill(rider.first);
    await stable.getByRole('button', { name: new RegExp(`^${rider.first} Rider${tag}`) }).click();
    await charge(stable, /^Box/, 1);
    await charge(stable, /^Heu/, 2);
  }
  await synced(stable);
  await stable.close();

  // The office runs the invoices.
  await page.goto('/organizer/invoices');
  await page.getByRole('button', { name: de('invoices:generate.button') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  await expect(page.getByText(de('jobs:status.done'), { exact: true }).first()).toBeVisible({ timeout: 540_000 });

  // Each invoice's XRechnung, in one validator run.
  const auth = bearer(await tokenOf(request, organizer.email, organizer.password));
  const list = (await (await request.get(`/api/v1/venue/${venueId}/invoices/`, { headers: auth })).json()) as {
    results: { id: number; number: string; kind: string; gross: number }[];
  };
  const invoices = list.results.filter((invoice) => invoice.kind === 'invoice');
  expect(invoices).toHaveLength(3);
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-scratch-'));
  try {
    const files: string[] = [];
    for (const invoice of invoices) {
      // Box 150.00 at 19 % and 2 × 8.68 hay at 7 %, prices including VAT.
      expect(invoice.gross).toBe(15_000 + 1_736);
      const xml = await request.get(`/api/v1/invoice/${invoice.id}/xrechnung/`, { headers: auth });
      expect(xml.status()).toBe(200);
      const file = path.join(dir, `${invoice.number}-xrechnung.xml`);
      writeFileSync(file, await xml.body());
      files.push(file);
    }
    const run = spawnSync(VALIDATE, files, { encoding: 'utf8', timeout: 240_000 });
    const report = `${run.stdout}${run.stderr}`;
    expect(run.status, report).toBe(0);
    expect(report.split('\n').filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(report.split('\n').filter((line) => /^ok +xrechnung-ubl /.test(line))).toHaveLength(3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
