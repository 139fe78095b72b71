import { expect, test, type Page } from '@playwright/test';
import { en } from './floor-support';
import { field, loginAs, pageLanguage, PASSWORD, t } from './support';

/*
 * The admin's SVPS account of a rider, an official's
 * participation at a venue, the add-rider form's warning; and a rider's sign-in link that lands
 * on the login first.
 */

const tag = () => `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;

/** From the admin's dashboard (the header's logo leads there) to a list of people, and one of them. */
async function openPerson(page: Page, list: string, search: string, name: string) {
  await page.getByRole('link', { name: 'Paddock', exact: true }).first().click();
  await page.getByRole('link', { name: en(`routes:${list}`), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en(`routes:${list}`) })).toBeVisible();
  await page.getByLabel(en('people:admin.search'), { exact: true }).fill(search);
  await page.getByRole('button', { name: en('common:table.viewNamed', { name }) }).click();
  // The person's pages before their tabs: the list page's own links have the same names
  // ("Venues"), and a click while the list still shows would follow one of those.
  await expect(page).toHaveURL(/\/(riders|officials)\/\d+(\/|$)/);
}

test('the admin adds an SVPS account, opens an official’s participation and is warned of a rider on record', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await loginAs(page, 'admin');
  const member = tag().slice(0, 20);

  await openPerson(page, 'adminRiders', 'Rosa', 'Rosa Rider');
  await page.getByRole('link', { name: en('routes:bankAccounts'), exact: true }).click();
  await page.getByRole('button', { name: en('owner:bank.svps.add') }).click();
  const form = page.getByRole('form', { name: en('owner:bank.svps.add') });
  await expect(form.getByLabel(field(en('owner:bank.holder')))).toHaveValue(/SVPS/);
  await form.getByLabel(field(en('owner:bank.svps.iban'))).fill('CH93 0076 2011 6238 5295 7');
  await form.getByLabel(field(en('owner:bank.svps.memberNumber'))).fill(member);
  await form.getByRole('button', { name: en('common:form.save') }).click();
  await expect(page).toHaveURL(/\/riders\/\d+\/bankAccounts$/);
  const federation = page.getByRole('table', { name: en('owner:bank.svps.title') });
  const row = federation.getByRole('row').filter({ hasText: member });
  await expect(row).toBeVisible();
  await expect(row.getByText('SVPS', { exact: true })).toBeVisible();

  await openPerson(page, 'adminOfficials', 'Odile', 'Odile Officielle');
  await page.getByRole('link', { name: en('routes:officialVenues'), exact: true }).click();
  await page.getByRole('link', { name: en('owner:money.participationAt', { venue: 'Paddock Classic' }) }).click();
  await expect(page).toHaveURL(/\/officials\/\d+\/venues\/\d+\/participation$/);
  const card = page.getByRole('region', { name: en('people:officialVenue.title') });
  await expect(card.getByRole('cell', { name: en('participants:functions.judge') })).toBeVisible();
  await expect(page.getByRole('link', { name: en('people:officialVenue.transactions') })).toBeVisible();

  await page.getByRole('link', { name: 'Paddock', exact: true }).first().click();
  await page.getByRole('link', { name: en('routes:adminRiders'), exact: true }).click();
  await page.getByRole('button', { name: en('people:admin.add.rider') }).click();
  const email = page.getByLabel(field(en('owner:profile.field.email')));
  await email.fill('rider@paddock.demo');
  await email.blur();
  const warning = page.getByRole('alert').filter({ hasText: en('people:exists.title') });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: en('people:exists.open', { name: 'Rosa Rider' }) })).toBeVisible();
});

test('a signed-out rider following a link to the balance signs in first, then lands there', async ({ page }) => {
  await page.goto('/rider/authRedirect?next=/rider/balance');
  await expect(page).toHaveURL(/\/login\?next=/);
  const lang = await pageLanguage(page);
  await page.getByLabel(field(t(lang, 'auth:login.username'))).fill('rider');
  await page.getByLabel(field(t(lang, 'auth:login.password'))).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'auth:login.submit') }).click();
  await expect(page).toHaveURL(/\/rider\/balance$/);
  await expect(page.getByRole('heading', { level: 1, name: en('routes:balance') })).toBeVisible();
});
