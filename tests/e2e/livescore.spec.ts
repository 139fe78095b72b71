import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { t } from './support';
import { apiAs, demoRiderCompetition } from './support/sport';

/*
 * The public live page: a spectator's browser (no sign-in) on /live/1 sees results
 * appear as the office saves them, without reloading; offline it keeps the last known results
 * with a banner, and catches up when the network returns. The competition, its starters and the
 * results go through the API as the admin (other pages' work).
 */

const lang = 'de';

/** A published Table A competition of the demo show with the demo rider's horses (and one more) as starters. */
async function setUp(request: APIRequestContext) {
  const call = await apiAs(request);
  const name = `Live-Preis ${Date.now().toString(36).slice(-4)}`;
  const { competition, entries } = await demoRiderCompetition(request, {
    extraHorse: `Live Star ${Date.now().toString(36)}`,
    competition: { number: `L${Date.now().toString(36).slice(-4)}`, name, ranking_rule: 'table_a' },
  });
  await call('POST', `/api/v1/competition/${competition}/publish/`, { published: true });
  const save = (entry: number, faults: number, timeMs: number) =>
    call('PUT', `/api/v1/competitionEntry/${entry}/result/`, {
      status: 'R',
      round: { faults, time_faults: 0, time_ms: timeMs },
    });
  return { competition, name, entries, save };
}

const latest = (page: Page) => page.getByRole('table', { name: t(lang, 'livescore:latest') });
/**
 * The newest of the latest results with `horse` (they come newest first): the demo horses have
 * results of other tests' competitions in that list too.
 */
const newestOf = (page: Page, horse: string) => latest(page).getByRole('row').filter({ hasText: horse }).first();

test('a spectator sees results appear live, keeps them offline and catches up', async ({ browser, request }) => {
  const { name, entries, save } = await setUp(request);
  const spectator = await browser.newContext({ locale: 'de-DE', viewport: { width: 360, height: 740 } });
  const page = await spectator.newPage();
  await page.goto('/live/1');
  await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText(t(lang, 'livescore:live'), { exact: true })).toBeVisible();

  // Saved by the office: on the spectator's screen without a reload, with its rank.
  await save(entries[0]!.id, 4, 61_200);
  await expect(newestOf(page, entries[0]!.horse)).toContainText('4 / 61,20 s');
  await save(entries[1]!.id, 0, 63_450);
  const second = newestOf(page, entries[1]!.horse);
  await expect(second).toContainText('0 / 63,45 s');
  await expect(second.getByRole('cell').first()).toHaveText('1');

  // The network goes: the results stay, a banner says they are the last known.
  await spectator.setOffline(true);
  await expect(page.getByRole('status')).toContainText(
    t(lang, 'livescore:connectionLost', { time: 'HH:MM' }).split('(')[0]!.trim(),
  );
  await expect(newestOf(page, entries[1]!.horse)).toBeVisible();
  await save(entries[2]!.id, 0, 62_100);

  // It comes back: the page catches up with what was saved meanwhile.
  await spectator.setOffline(false);
  await expect(newestOf(page, entries[2]!.horse)).toContainText('0 / 62,10 s');
  await expect(page.getByRole('status')).toHaveCount(0);

  // The competition's ranking, opened: the clear rounds first.
  await page.getByRole('button', { name: new RegExp(name) }).click();
  const ranking = page.getByRole('table', { name: t(lang, 'livescore:ranking') });
  await expect(ranking.getByRole('row').nth(1)).toContainText(entries[2]!.horse);
  await expect(ranking.getByRole('row').nth(3)).toContainText(entries[0]!.horse);
  await spectator.close();
});
