import { expect, test } from '@playwright/test';
import { bearer, tokenOf } from './floor-support';
import { choose, loginAs, t } from './support';

/*
 * The admin pastes a price list into a venue (one row wrong at
 * first, fixed in the dialog), then compares price lists on /consumables and copies one to
 * another venue.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);

test('the admin pastes a price list, fixes a bad row, and copies the list to another venue', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  page.setDefaultTimeout(15_000);
  const tag = Date.now().toString(36).toUpperCase();
  const spring = `Spring Show ${tag}`;
  const autumn = `Autumn Show ${tag}`;
  const token = await tokenOf(request, 'admin');
  for (const name of [spring, autumn]) {
    const res = await request.post('/api/v1/venue/', {
      headers: bearer(token),
      data: { name, country: 'DE', currency: 'EUR', currencyDisplay: '€', time_zone: 'Europe/Berlin' },
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

test("the admin pastes attendees into a show's welcome desk view and head numbers into its participants", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  page.setDefaultTimeout(15_000);
  const tag = Date.now().toString(36).toUpperCase();
  const show = `Summer Show ${tag}`;
  const token = await tokenOf(request, 'admin');
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { headers: bearer(token), data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  // A show of its own, with a head-number range and one rider entered with two horses.
  const venue = await post('/api/v1/venue/', {
    name: show,
    country: 'DE',
    currency: 'EUR',
    currencyDisplay: '€',
    time_zone: 'Europe/Berlin',
    head_number_from: 1,
    head_number_to: 50,
  });
  const rider = await post('/api/v1/rider/', { first_name: 'Paula', last_name: `Paste ${tag}` });
  const horses = [
    await post('/api/v1/horse/', { name: `Comet ${tag}` }),
    await post('/api/v1/horse/', { name: `Dune ${tag}` }),
  ];
  await post('/api/v1/venueParticipation/', { venue, rider, horses });

  await loginAs(page, 'admin');
  await page.getByLabel(en('venues:list.search')).fill(show);
  await page.getByRole('link', { name: show }).click();
  await expect(page).toHaveURL(new RegExp(`/venues/${venue}/config$`));
  const venuePage = page.url();

  // The welcome desk view: two attendees pasted from a spreadsheet appear in the desk's list.
  await page.getByRole('link', { name: en('routes:venueWelcomedesk'), exact: true }).click();
  await page.getByRole('button', { name: en('bulk:attendees.button') }).click();
  const attendees = page.getByRole('dialog', { name: en('bulk:attendees.title') });
  await attendees
    .getByLabel(en('bulk:pasteLabel'))
    .fill(
      `First name\tLast name\tE-mail\nAnna\tMeier ${tag}\tanna.${tag.toLowerCase()}@example.com\nBen\tKurz ${tag}\t`,
    );
  await attendees.getByRole('button', { name: en('bulk:create', { count: 2 }) }).click();
  await expect(attendees).toBeHidden();
  await expect(page.getByText(en('bulk:created', { count: 2 }))).toBeVisible();
  await page.getByLabel(en('floor:attendee.search')).fill(tag);
  await expect(page.getByText(`Anna Meier ${tag}`)).toBeVisible();
  await expect(page.getByText(`Ben Kurz ${tag}`)).toBeVisible();

  // The participants: head numbers pasted by horse name; a number outside the range is refused first.
  await page.goto(venuePage);
  await page.getByRole('link', { name: en('routes:venueParticipants'), exact: true }).click();
  // The rider's name leads to the admin's page of the rider.
  await expect(page.getByRole('link', { name: `Paula Paste ${tag}`, exact: true })).toHaveAttribute(
    'href',
    `/riders/${rider}`,
  );
  await page.getByRole('button', { name: en('bulk:headNumbers.button') }).click();
  const numbers = page.getByRole('dialog', { name: en('bulk:headNumbers.title') });
  const paste = numbers.getByLabel(en('bulk:pasteLabel'));
  await paste.fill(`Head number\tHorse\n7\tComet ${tag}\n99\tDune ${tag}`);
  await numbers.getByRole('button', { name: en('bulk:create', { count: 2 }) }).click();
  await expect(numbers.getByText(en('bulk:refusedTitle'))).toBeVisible();
  await expect(numbers.getByRole('row', { name: en('bulk:rowLabel', { n: 2 }) })).toContainText(
    en('errors:field.head_number_out_of_range'),
  );
  await paste.fill(`Head number\tHorse\n7\tComet ${tag}\n8\tDune ${tag}`);
  await numbers.getByRole('button', { name: en('bulk:create', { count: 2 }) }).click();
  await expect(numbers).toBeHidden();
  await expect(page.getByText(en('bulk:created', { count: 2 }))).toBeVisible();
  const participation = await request.get(`/api/v1/venueParticipation/?venue=${venue}`, { headers: bearer(token) });
  const { results } = (await participation.json()) as {
    results: { horses: { horse: { name: string }; head_number: number | null }[] }[];
  };
  expect(results[0]!.horses.map((h) => [h.horse.name, h.head_number]).sort()).toEqual([
    [`Comet ${tag}`, 7],
    [`Dune ${tag}`, 8],
  ]);
});
