import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, DEMO_RIDER, DEMO_VENUE, tokenOf } from './floor-support';
import { field, loginAs, t } from './support';

/*
 * The admin opens the demo show from the venues list and works in its
 * floor views (vet check, sign-in, welcome desk) as the desks do; the organizer opens a rider
 * from the people at the venue on a phone-sized screen.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);

test("the admin works in the demo show's vet-check, sign-in and welcome desk views", async ({ page }) => {
  test.setTimeout(360_000);
  const guest = `Vera ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await page.getByRole('link', { name: 'Paddock Classic', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/venues/${DEMO_VENUE}/config$`));
  const venuePage = page.url();

  // The organizer's view: its pages lead to the admin's own; the people at the venue to their pages.
  await page.getByRole('link', { name: en('routes:venueOrganizerView'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('routes:venueOrganizerView') })).toBeVisible();
  const people = page.getByRole('region', { name: en('venueViews:people.title') });
  await people.getByLabel(en('venueViews:people.search.rider')).fill(DEMO_RIDER);
  await expect(people.getByRole('link', { name: DEMO_RIDER })).toHaveAttribute('href', /^\/riders\/\d+$/);
  await page.getByRole('link', { name: en('routes:venueParticipants'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/venues/${DEMO_VENUE}/views/participants$`));

  await page.goto(venuePage);
  await page.getByRole('link', { name: en('routes:venueVetcheckView'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('routes:venueVetcheckView') })).toBeVisible();
  await expect(page.getByText('Paddock Classic', { exact: false }).first()).toBeVisible();
  await page.getByLabel(en('floor:vet.search')).fill('101');
  await expect(page.getByRole('listitem', { name: '#101 Quidam Blue' })).toBeVisible();

  await page.goto(venuePage);
  await page.getByRole('link', { name: en('routes:venueSigninView'), exact: true }).click();
  await page.getByLabel(en('floor:signin.search')).fill(DEMO_RIDER);
  const rider = page.getByRole('listitem', { name: DEMO_RIDER });
  await expect(rider).toBeVisible();
  await expect(rider.getByText('#101 Quidam Blue')).toBeVisible();

  await page.goto(venuePage);
  await page.getByRole('link', { name: en('routes:venueWelcomedesk'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('routes:venueWelcomedesk') })).toBeVisible();
  await page.getByRole('link', { name: en('routes:venueWelcomedeskAdd'), exact: true }).click();
  const form = page.getByRole('form', { name: en('floor:attendee.formTitle') });
  await form.getByLabel(field(en('floor:attendee.first_name'))).fill(guest);
  await form.getByLabel(field(en('floor:attendee.last_name'))).fill('Zwei');
  await form.getByRole('button', { name: en('floor:attendee.save') }).click();
  await expect(form.getByLabel(field(en('floor:attendee.first_name')))).toHaveValue('');
  await page.getByRole('link', { name: en('routes:venueWelcomedesk'), exact: true }).click();
  await page.getByLabel(en('floor:attendee.search')).fill(guest);
  await expect(page.getByRole('listitem', { name: `${guest} Zwei` })).toBeVisible();
  // Sent and stored on the server, at the demo show.
  const admin = await tokenOf(page.request, 'admin');
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/attendee/?venue=${DEMO_VENUE}&search=${encodeURIComponent(guest)}`, {
        headers: bearer(admin),
      });
      return ((await res.json()) as { count: number }).count;
    })
    .toBe(1);
});

test("on a phone, the organizer opens a rider from the venue's people: participation, horses, entries, balance", async ({
  page,
}) => {
  test.setTimeout(270_000);
  const description = `Paddock e2e box ${randomUUID().slice(0, 8)}`;
  const admin = await tokenOf(page.request, 'admin');
  const found = await page.request.get(`/api/v1/rider/listAtVenue/?venue=${DEMO_VENUE}&search=Rosa%20Rider`, {
    headers: bearer(admin),
  });
  const riderId = ((await found.json()) as { results: { id: number }[] }).results[0]!.id;
  const posted = await page.request.post('/api/v1/transaction/', {
    headers: { ...bearer(admin), 'idempotency-key': randomUUID() },
    data: { venue: DEMO_VENUE, kind: 'charge', party_type: 'rider', party_id: riderId, description, unit_price: 4200 },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, 'organizer');
  const people = page.getByRole('region', { name: de('venueViews:people.title') });
  await people.getByLabel(de('venueViews:people.search.rider')).fill('Rosa');
  await people.getByRole('link', { name: DEMO_RIDER }).click();
  await expect(page).toHaveURL(new RegExp(`/organizer/rider/${riderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: DEMO_RIDER })).toBeVisible();
  const facts = page.getByRole('region', { name: de('venueViews:rider.participation') });
  await expect(facts.getByText(de('venueViews:rider.balance'))).toBeVisible();
  await expect(facts.getByText(/^-?\d+[.,]\d\d €$/)).toBeVisible();
  await expect(page.getByText(`Quidam Blue — ${de('venueViews:rider.headNumber', { number: 101 })}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: de('venueViews:rider.events') })).toBeVisible();
  await expect(page.getByRole('heading', { name: de('venueViews:rider.transactions') })).toBeVisible();
  await expect(page.getByText(description).first()).toBeVisible();
  // Nothing wider than the phone's screen but the tables' own scroll areas.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
