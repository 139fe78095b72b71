import { expect, test, type APIRequestContext } from '@playwright/test';
import { choose, loginAs, t } from './support';
import { demoRiderCompetition } from './support/sport';

/*
 * Results and prize money in the browser: the show office enters the results of
 * three starters, publishes the ranking, pays the prize money and sees it paid. The competition
 * and its start list are set up through the API as the admin (they are other pages' work): the
 * demo rider's two horses and a third one added for this test.
 */

const lang = 'de';
const CHART = [30_000, 20_000, 10_000];

/** A table A competition of the demo event with three starters of the demo rider; its id. */
async function setUp(request: APIRequestContext): Promise<{ competition: number; horses: string[] }> {
  const { competition, entries } = await demoRiderCompetition(request, {
    extraHorse: `Results Star ${Date.now().toString(36)}`,
    ownHorses: 2,
    competition: {
      number: `R${Date.now().toString(36).slice(-4)}`,
      name: 'Preis der Ergebnisse',
      ranking_rule: 'table_a',
      prize_money: CHART.reduce((a, b) => a + b, 0),
      prize_chart: CHART,
    },
  });
  return { competition, horses: entries.map((e) => e.horse) };
}

test('the office enters three results, publishes the ranking and pays the prize money', async ({ page, request }) => {
  const { competition, horses } = await setUp(request);
  await loginAs(page, 'organizer');
  await page.goto(`/organizer/rankings/${competition}`);
  await expect(page.getByRole('heading', { name: /Preis der Ergebnisse/ })).toBeVisible();

  // Three results: 4 faults in 61.20 s, clear in 63.45 s, clear in 62.10 s.
  const results = [
    { faults: '4', time: '61,20' },
    { faults: '0', time: '63.45' },
    { faults: '0', time: '62.1' },
  ];
  for (const [i, result] of results.entries()) {
    await page.getByRole('button', { name: t(lang, 'results:view.add') }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, t(lang, 'results:form.starter'), new RegExp(horses[i]!));
    await dialog.getByLabel(t(lang, 'results:form.faults')).fill(result.faults);
    await dialog.getByLabel(t(lang, 'results:form.time')).fill(result.time);
    await dialog.getByRole('button', { name: t(lang, 'results:form.save') }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText(t(lang, 'results:view.results', { results: 3, entries: 3 }))).toBeVisible();

  // Ranked: the third horse (clear, 62.10) first, the second (clear, 63.45) second, the first third.
  const table = page.getByRole('table', { name: t(lang, 'results:table.title') });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(horses[2]!);
  await expect(rows.nth(1)).toContainText('62.10 s');
  await expect(rows.nth(2)).toContainText(horses[1]!);
  await expect(rows.nth(3)).toContainText(horses[0]!);
  await expect(rows.nth(3)).toContainText('4 · 61.20 s');

  // Paying needs a published ranking.
  const pay = page.getByRole('button', { name: t(lang, 'results:view.pay') });
  await expect(pay).toBeDisabled();
  await page.getByRole('switch', { name: t(lang, 'results:view.publishSwitch') }).click({ force: true });
  await expect(page.getByText(t(lang, 'results:view.publishedDone'))).toBeVisible();
  await expect(pay).toBeEnabled();
  await pay.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t(lang, 'shell:confirm.confirm') })
    .click();
  await expect(page.getByText(t(lang, 'results:view.payDone', { amount: '600.00 €', count: 3 }))).toBeVisible();
  await expect(page.getByText(t(lang, 'results:view.toPay', { amount: '0.00 €' }), { exact: true })).toBeVisible();
  await expect(
    page.getByText(t(lang, 'results:view.paidTotal', { amount: '600.00 €' }), { exact: true }),
  ).toBeVisible();
  await expect(pay).toBeDisabled();
  // Each row shows its prize paid.
  await expect(rows.nth(1)).toContainText('300.00 €');
  await expect(rows.nth(3)).toContainText('100.00 €');

  // On a phone (360 px) the page does not scroll sideways: the rows become cards.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('listitem', { name: new RegExp(horses[2]!) })).toContainText('300.00 €');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
