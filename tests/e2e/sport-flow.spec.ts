import { expect, test, type Page } from '@playwright/test';
import { choose, field, loginAs, pageLanguage, t } from './support';
import { eventCategory, feiSample, freshEvent, freshVenue, freshVenueUser, uniqueSuffix } from './support/sport';

/*
 * The sport from end to end ("Browser"): on a venue of its own, the admin imports the
 * sample FEI entry file and adds a competition with prize money in the imported event; the
 * venue's show office enters everyone from the event, draws the start list, enters three results,
 * publishes the ranking, pays the prize money and finds it in the winner's balance; a spectator's
 * phone on the public live page, opened before the first result, sees the results come in without
 * reloading. Everything is clicked through from the dashboards; only the venue, its event (in the
 * category the file's first event links to) and the show office's account are made through the
 * API beforehand, as a person would have done earlier. The competition goes through the admin's
 * competition form in the browser.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
const slow = expect.configure({ timeout: 90_000 });
test.use({ actionTimeout: 60_000 });

/** The sample's CSI2* starters: rider, horse, and the result each gets (penalties, time). */
const STARTERS = [
  { rider: 'Lukas HUBER', horse: 'LADY LUCK', faults: '0', time: '62.10', live: '0 / 62,10 s' },
  { rider: 'Maja NOVAK', horse: 'QUICK STEP', faults: '0', time: '63.45', live: '0 / 63,45 s' },
  { rider: 'Maja NOVAK', horse: 'CARDENIO Z', faults: '4', time: '61.20', live: '4 / 61,20 s' },
] as const;
/** Prize money by rank (EUR): the winner (HUBER) gets 400, NOVAK 250 + 100. */
const CHART = '400; 250; 100';

/** Open `link` from the page's own links (dashboards, overviews), as a person would. */
async function follow(page: Page, name: string | RegExp) {
  await page
    .getByRole('link', { name, exact: typeof name === 'string' ? true : undefined })
    .first()
    .click();
}

/** Back to the show office's dashboard by the breadcrumbs' first link. */
async function home(page: Page) {
  await page
    .getByRole('navigation', { name: en('shell:breadcrumbs') })
    .getByRole('link', { name: en('routes:organizer') })
    .click();
  await expect(page).toHaveURL(/\/organizer\/list$/);
}

test('the sport from FEI entries to prize money, followed live on a phone', async ({ browser, page, request }) => {
  test.setTimeout(720_000);
  const suffix = uniqueSuffix();
  const show = `2026_CI_F${suffix}`;
  const venueName = `Sport flow ${suffix}`;
  const eventName = `CSI2* Lipica ${suffix}`;
  const competitionName = `Grand Prix Lipica ${suffix}`;

  // Earlier, through the API: the venue (no FEI id), its CSI2* event and its show office.
  const venue = await freshVenue(request, venueName);
  const category = await eventCategory(request, 'CSI2*', 'CSI2*');
  await freshEvent(request, venue, category, eventName);
  const office = await freshVenueUser(request, venue, 'organizer');

  // ——— The admin imports the FEI entry file from the venue's page ———
  await loginAs(page, 'admin');
  await page.getByLabel(en('venues:list.search')).fill(venueName);
  await follow(page, venueName);
  await expect(page).toHaveURL(new RegExp(`/venues/${venue}/config$`));
  await follow(page, en('routes:venueImport'));
  await expect(page.getByRole('heading', { level: 1, name: en('routes:venueImport') })).toBeVisible();

  await page.getByRole('button', { name: en('fei:upload.participations') }).click();
  const upload = page.getByRole('dialog');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'fei-entry-jumping.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(feiSample(show)),
  });
  await upload.getByRole('button', { name: en('shell:upload.confirm') }).click();

  const preview = page.getByRole('region', { name: en('fei:preview.title', { file: 'fei-entry-jumping.xml' }) });
  await slow(preview).toBeVisible();
  await expect(preview.getByText(en('fei:preview.setsVenueFeiId', { id: show }))).toBeVisible();
  const counts = preview.getByRole('list', { name: en('fei:preview.counts') });
  // The CSI2* event is linked to the venue's own, the young riders' event is new.
  await expect(counts.getByText(/^Events: 1 new, 1 known or linked, /)).toBeVisible();
  await expect(
    counts.getByText(en('fei:count.entries', { create: 4, match: 0, withdraw: 0, withdraw_blocked: 0, skip: 1 })),
  ).toBeVisible();
  await preview.getByRole('button', { name: en('fei:preview.commit') }).click();
  const run = page.getByRole('region', { name: en('jobs:kind.fei_import') });
  await slow(run.getByText(en('jobs:status.done'), { exact: true })).toBeVisible();
  await slow(preview.getByText(en('fei:status.committed'), { exact: true })).toBeVisible();

  // ——— The admin adds the competition with its prize money (the venue's competitions, in the browser) ———
  // Back to the venue's page (the breadcrumbs lead to the venue list only).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/venues/${venue}/config$`));
  await follow(page, en('routes:venueCompetitions'));
  await page.getByRole('button', { name: en('venueSetup:competitions.add') }).click();
  const form = page.getByRole('form', { name: en('venueSetup:competitions.formTitle') });
  await choose(page, en('venueSetup:competitions.vec'), eventName);
  await form.getByLabel(field(en('venueSetup:competitions.number'))).fill('7');
  await form.getByLabel(field(en('venueSetup:competitions.name'))).fill(competitionName);
  await form.getByRole('textbox', { name: en('venueSetup:competitions.prizeMoney'), exact: true }).fill('750.00');
  await form.getByRole('textbox', { name: en('venueSetup:competitions.prizeChart'), exact: true }).fill(CHART);
  await form.getByRole('button', { name: en('venueSetup:form.save') }).click();
  await expect(page.getByText(en('venueSetup:toast.saved'))).toBeVisible();

  // ——— The show office signs in and draws the start list ———
  const officeContext = await browser.newContext({ locale: 'en-US' });
  const organizer = await officeContext.newPage();
  await organizer.goto('/login');
  const loginLang = await pageLanguage(organizer);
  await organizer.getByLabel(field(t(loginLang, 'auth:login.username'))).fill(office.email);
  await organizer.getByLabel(field(t(loginLang, 'auth:login.password'))).fill(office.password);
  await organizer.getByRole('button', { name: t(loginLang, 'auth:login.submit') }).click();
  // An account with two dashboards chooses the show office's.
  await slow(organizer.getByRole('heading', { level: 1, name: en('routes:chooseDashboard') })).toBeVisible();
  await organizer.getByRole('link', { name: new RegExp(`^${en('dashboard:audience.organizer')}`) }).click();
  await expect(organizer).toHaveURL(/\/organizer\/list$/);

  await follow(organizer, en('routes:organizerStartlists'));
  await expect(organizer.getByRole('heading', { level: 1, name: en('routes:organizerStartlists') })).toBeVisible();
  await follow(organizer, new RegExp(competitionName));
  await expect(organizer.getByText(en('startlists:noEntries'))).toBeVisible();
  await organizer.getByRole('button', { name: en('startlists:enterFromEvent') }).click();
  await slow(organizer.getByText(en('startlists:enteredFromEvent', { count: 3 }))).toBeVisible();
  const starters = organizer.getByRole('list', { name: en('startlists:orderOfGo') }).getByTestId('starter');
  await expect(starters).toHaveCount(3);
  await organizer.getByRole('button', { name: en('startlists:draw'), exact: true }).click();
  await organizer
    .getByRole('dialog')
    .getByRole('button', { name: en('shell:confirm.confirm') })
    .click();
  await slow(organizer.getByTestId('draw-state')).toContainText(/\d+$/);
  await expect(starters.first().getByTestId('start-order')).toHaveText('1');

  // ——— A spectator's phone opens the public live page the office shares (no sign-in), before any result ———
  await home(organizer);
  const livePage = await organizer.getByRole('link', { name: en('dashboard:livePage') }).getAttribute('href');
  expect(livePage).toBe(`/live/${venue}`);
  const spectatorContext = await browser.newContext({ locale: 'de-DE', viewport: { width: 360, height: 740 } });
  const spectator = await spectatorContext.newPage();
  await spectator.goto(livePage!);
  await expect(spectator.getByRole('heading', { level: 1, name: venueName })).toBeVisible();
  await expect(spectator.getByText(de('livescore:live'), { exact: true })).toBeVisible();
  await expect(spectator.getByRole('button', { name: new RegExp(competitionName) })).toBeVisible();
  await spectator.evaluate(() => {
    (window as unknown as { sportFlowMarker: string }).sportFlowMarker = 'still here';
  });
  const latest = spectator.getByRole('table', { name: de('livescore:latest') });
  const liveRow = (horse: string) => latest.getByRole('row').filter({ hasText: horse });

  // ——— Results: the first one while the ranking is held back, then published, then the others ———
  await follow(organizer, en('routes:organizerRankings'));
  await expect(organizer.getByRole('heading', { level: 1, name: en('routes:organizerRankings') })).toBeVisible();
  await organizer.getByRole('button', { name: en('common:table.viewNamed', { name: `7 ${competitionName}` }) }).click();
  await expect(organizer.getByRole('heading', { name: new RegExp(competitionName) })).toBeVisible();

  const enter = async (starter: (typeof STARTERS)[number]) => {
    await organizer.getByRole('button', { name: en('results:view.add') }).click();
    const dialog = organizer.getByRole('dialog');
    await choose(organizer, en('results:form.starter'), new RegExp(starter.horse));
    await dialog.getByLabel(en('results:form.faults')).fill(starter.faults);
    await dialog.getByLabel(en('results:form.time')).fill(starter.time);
    await dialog.getByRole('button', { name: en('results:form.save') }).click();
    await expect(dialog).toBeHidden();
  };

  const [winner, second, third] = STARTERS;
  await enter(third);
  await expect(organizer.getByText(en('results:view.results', { results: 1, entries: 3 }))).toBeVisible();
  // Held back: not on the public page (a push arrives well within a second; give it more).
  await spectator.waitForTimeout(1_500);
  await expect(spectator.getByText(de('livescore:noneLatest'))).toBeVisible();
  await expect(liveRow(third.horse)).toHaveCount(0);

  await organizer.getByRole('switch', { name: en('results:view.publishSwitch') }).click({ force: true });
  await expect(organizer.getByText(en('results:view.publishedDone'))).toBeVisible();
  await expect(liveRow(third.horse)).toContainText(third.live);

  await enter(second);
  await expect(liveRow(second.horse)).toContainText(second.live);
  await enter(winner);
  await expect(liveRow(winner.horse)).toContainText(winner.live);
  await expect(liveRow(winner.horse).getByRole('cell').first()).toHaveText('1');
  await expect(organizer.getByText(en('results:view.results', { results: 3, entries: 3 }))).toBeVisible();

  // The office's ranking: clear rounds first, the faster one on top.
  const rows = organizer.getByRole('table', { name: en('results:table.title') }).getByRole('row');
  await expect(rows.nth(1)).toContainText(winner.horse);
  await expect(rows.nth(2)).toContainText(second.horse);
  await expect(rows.nth(3)).toContainText(third.horse);

  // ——— Prize money, paid once ———
  const pay = organizer.getByRole('button', { name: en('results:view.pay') });
  await expect(pay).toBeEnabled();
  await pay.click();
  await organizer
    .getByRole('dialog')
    .getByRole('button', { name: en('shell:confirm.confirm') })
    .click();
  await expect(organizer.getByText(en('results:view.payDone', { amount: '750.00 €', count: 3 }))).toBeVisible();
  await expect(
    organizer.getByText(en('results:view.paidTotal', { amount: '750.00 €' }), { exact: true }),
  ).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(rows.nth(1)).toContainText('400.00 €');

  // ——— The winner's balance at the show: the prize money credited ———
  await home(organizer);
  await follow(organizer, en('routes:organizerParticipants'));
  await organizer.getByLabel(en('participants:list.search')).fill('HUBER');
  const huber = organizer.getByRole('row').filter({ hasText: winner.rider });
  await expect(huber).toContainText('400.00 €');
  await organizer.getByLabel(en('participants:list.search')).fill('NOVAK');
  await expect(organizer.getByRole('row').filter({ hasText: 'Maja NOVAK' })).toContainText('350.00 €');

  // The spectator never reloaded: the page's own state is still there.
  expect(await spectator.evaluate(() => (window as unknown as { sportFlowMarker?: string }).sportFlowMarker)).toBe(
    'still here',
  );
  expect(await spectator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await spectatorContext.close();
  await officeContext.close();
});
