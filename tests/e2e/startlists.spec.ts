import { expect, test, type APIRequestContext } from '@playwright/test';
import { pageLanguage, submitLogin, t } from './support';
import { apiAs } from './support/sport';

/*
 * Start lists: the demo organizer opens a competition of its own making (no entry
 * fee, so the demo show's ledger stays as the other tests expect it), enters every rider and horse
 * of the event, draws the order of go, moves the first starter down with the keyboard and sees
 * head numbers and start times.
 */
const de = (key: string, vars?: Record<string, string | number>) => t('de', key, vars);
const slow = expect.configure({ timeout: 90_000 });

async function competitionToDraw(request: APIRequestContext): Promise<number> {
  const call = await apiAs(request);
  const vecs = await call<{ results: { id: number }[] }>('GET', '/api/v1/venueEventCategory/?venue=1');
  const { id } = await call<{ id: number }>('POST', '/api/v1/competition/', {
    vec: vecs.results[0]!.id,
    number: `E2E-${Date.now() % 100_000}`,
    name: 'Start list test',
    starts_at: '2030-06-01T08:00:00.000Z',
    start_interval_seconds: 120,
    ranking_rule: 'table_a',
    arena: 'Test arena',
  });
  return id;
}

test('the organizer enters all from the event, draws, moves a starter with the keyboard and sees head numbers and times', async ({
  page,
  request,
}) => {
  test.setTimeout(540_000);
  const competition = await competitionToDraw(request);

  await submitLogin(page, 'organizer');
  await slow(page).toHaveURL(/\/organizer\/list$/);
  await page.goto('/organizer/startlists');
  await expect(page.getByRole('heading', { level: 1, name: de('routes:organizerStartlists') })).toBeVisible();
  await page.getByRole('link', { name: /Start list test/ }).click();
  await expect(page).toHaveURL(new RegExp(`/organizer/startlists/${competition}$`));
  await expect(page.getByText(de('startlists:noEntries'))).toBeVisible();

  await page.getByRole('button', { name: de('startlists:enterFromEvent') }).click();
  await slow(page.getByText(/Aus der Veranstaltung übernommene Nennungen: \d+/)).toBeVisible();
  const starters = page.getByRole('list', { name: de('startlists:orderOfGo') }).getByTestId('starter');
  await slow(starters.first()).toBeVisible();
  const count = await starters.count();
  expect(count).toBeGreaterThan(10);

  await page.getByRole('button', { name: de('startlists:draw'), exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: de('shell:confirm.confirm') })
    .click();
  await slow(page.getByTestId('draw-state')).toContainText(/\d+$/);
  const seedText = await page.getByTestId('draw-state').textContent();
  expect(seedText).toMatch(/Startwert \d+/);

  // Times every two minutes from the start; the first starter has a head number.
  const first = starters.first();
  await expect(first.getByTestId('start-order')).toHaveText('1');
  const firstTime = (await first.getByTestId('start-time').textContent())!;
  const secondTime = (await starters.nth(1).getByTestId('start-time').textContent())!;
  expect(firstTime).toMatch(/^\d\d:\d\d$/);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  expect(minutes(secondTime) - minutes(firstTime)).toBe(2);
  await expect(first.getByLabel(/^Kopfnummer \d+$/)).toBeVisible();

  // Move the first starter one down with the keyboard: its "down" button, focused, Enter.
  const firstName = (await first.getAttribute('aria-label'))!;
  const secondName = (await starters.nth(1).getAttribute('aria-label'))!;
  await first.getByRole('button', { name: de('startlists:moveDown', { name: firstName }) }).focus();
  await page.keyboard.press('Enter');
  await expect(starters.nth(0)).toHaveAttribute('aria-label', secondName);
  await expect(starters.nth(1)).toHaveAttribute('aria-label', firstName);
  // and with the drag handle: space, arrow up, space puts it back first. Each key waits for
  // what the one before did: the handles are disabled while the move above is being saved, and
  // the drag starts, and finds the place it is over, in renders of their own.
  const handle = starters.nth(1).getByRole('button', { name: de('startlists:dragHandle', { name: firstName }) });
  await expect(handle).toBeEnabled();
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  // The screen reader hears where it is, in the user's language.
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(
    de('startlists:dragOver', { name: firstName, place: 1, count: await starters.count() }),
  );
  await page.keyboard.press('Space');
  await expect(starters.nth(0)).toHaveAttribute('aria-label', firstName);

  // The order is saved: after a reload it is still there.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await slow(starters.first()).toHaveAttribute('aria-label', firstName);
  await expect(starters.nth(1)).toHaveAttribute('aria-label', secondName);

  // Usable on a phone: nothing wider than 360 px, the move buttons still there.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(
    starters.first().getByRole('button', { name: de('startlists:moveDown', { name: firstName }) }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the admin finds the venue's start lists by event and opens the demo Grand Prix", async ({ page }) => {
  test.setTimeout(360_000);
  await submitLogin(page, 'admin');
  await slow(page).not.toHaveURL(/\/login/);
  await page.goto('/venues/1/views/startlists');
  const lang = await pageLanguage(page);
  await slow(page.getByRole('heading', { level: 1, name: t(lang, 'routes:venueStartlists') })).toBeVisible();
  await page.getByRole('link', { name: '1 · Grand Prix 1.45 m' }).click();
  await expect(page).toHaveURL(/\/venues\/1\/views\/startlists\/competition\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: '1 · Grand Prix 1.45 m' })).toBeVisible();
  const starters = page.getByRole('list', { name: t(lang, 'startlists:orderOfGo') }).getByTestId('starter');
  await slow(starters.first()).toBeVisible();
  expect(await starters.count()).toBeGreaterThan(30);
  await expect(page.getByRole('button', { name: t(lang, 'startlists:print') })).toBeVisible();
});
