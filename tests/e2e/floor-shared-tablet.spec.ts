import { expect, test, type Page } from '@playwright/test';
import {
  bearer,
  charge,
  en,
  entriesBy,
  freshStaff,
  pickRider,
  signInAt,
  statusBar,
  synced,
  tokenOf,
} from './floor-support';
import { field } from './support';

/*
 * The floor's second day in the browser: the queue belongs to the tablet, not to whoever is
 * signed in, and a tablet that was signed in keeps opening its floor offline after its device
 * session has ended.
 */

const HOUR = 3_600_000;

async function riderOpen(page: Page): Promise<void> {
  await pickRider(page);
  const items = page.getByRole('group', { name: en('floor:quick.mostUsed') });
  await expect(items.getByRole('button', { name: /^Hay/ })).toBeVisible();
}

test('two people on one tablet: the first one’s queued writes stay visible as theirs and reach the server once', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const anna = await freshStaff(request, 'stable');
  const ben = await freshStaff(request, 'stable');
  await signInAt(page, anna, '/stable/addTransaction');
  await synced(page);

  // Offline, Anna charges three times; then the app is closed and her session is gone with it.
  await context.setOffline(true);
  await riderOpen(page);
  for (const quantity of [1, 2, 3]) await charge(page, /^Hay/, quantity);
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 3 }));
  await page.close();
  const tablet = await context.newPage();
  await tablet.goto('/stable/addTransaction');
  await expect(statusBar(tablet)).toContainText(en('floor:status.offline'));
  expect(await tablet.evaluate(() => sessionStorage.getItem('paddock'))).toContain('"token":null');

  // The network is back, but the show ground's uplink drops the token exchange for now: Anna's
  // session cannot be renewed, and Ben signs in on the tablet.
  await tablet.route('**/api/token/device/', (route) => route.abort());
  await context.setOffline(false);
  await tablet.goto('/venues');
  await expect(tablet).toHaveURL(/\/login/);
  await tablet.getByLabel(field(en('auth:login.username'))).fill(ben.email);
  await tablet.getByLabel(field(en('auth:login.password'))).fill(ben.password);
  await tablet.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(tablet).not.toHaveURL(/\/login/);
  await tablet.goto('/stable/addTransaction');

  // Nothing hidden: Anna's three writes are counted and named as hers, with how they will go.
  const me = await request.get('/api/auth/user/', {
    headers: bearer(await tokenOf(request, anna.email, anna.password)),
  });
  const { first_name, last_name } = (await me.json()) as { first_name: string; last_name: string };
  const name = `${first_name} ${last_name}`.trim();
  await expect(statusBar(tablet)).toContainText(en('floor:status.pending', { count: 3 }));
  await expect(tablet.getByText(en('floor:status.othersCredential', { name, count: 3 }))).toBeVisible();
  expect(await entriesBy(request, anna.id)).toHaveLength(0);

  // The exchange works again; Ben's next charge wakes the outbox: his goes as his, Anna's as hers.
  await tablet.unroute('**/api/token/device/');
  await riderOpen(tablet);
  await charge(tablet, /^Hay/, 4);
  await synced(tablet);
  await expect(tablet.getByText(en('floor:status.othersTitle'))).toHaveCount(0);
  const annas = await entriesBy(request, anna.id);
  expect(annas.map((entry) => entry.quantity).sort()).toEqual([1, 2, 3]);
  const bens = await entriesBy(request, ben.id);
  expect(bens.map((entry) => entry.quantity)).toEqual([4]);
});

test('a relaunch offline after the device session’s end still opens the floor, and asks for a sign-in once online', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const staff = await freshStaff(request, 'stable');
  await signInAt(page, staff, '/stable/addTransaction');
  await synced(page);
  await context.setOffline(true);
  await riderOpen(page);
  await charge(page, /^Hay/, 2);

  // A day and more later: the device session has ended; the app is closed and opened offline.
  await page.evaluate(
    (ended) => {
      const stored = JSON.parse(localStorage.getItem('paddock.floorDevice')!) as { expiresAt: number };
      localStorage.setItem('paddock.floorDevice', JSON.stringify({ ...stored, expiresAt: ended }));
    },
    Date.now() - 6 * HOUR,
  );
  await page.close();
  const tablet = await context.newPage();
  await tablet.goto('/stable/addTransaction');
  await expect(tablet).toHaveURL(/\/stable\/addTransaction$/);
  await expect(statusBar(tablet)).toContainText(en('floor:status.offline'));
  await expect(statusBar(tablet)).toContainText(en('floor:status.pending', { count: 1 }));
  // Offline is normal: no red errors on the floor.
  await expect(tablet.getByText(en('errors:network'))).toHaveCount(0);

  // Back online it says what it needs; the write waits for the sign-in and then lands once.
  await context.setOffline(false);
  const prompt = tablet.getByRole('alert', { name: en('offline:signInNeeded.title') });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await prompt.getByRole('link', { name: en('offline:signInNeeded.action') }).click();
  await tablet.getByLabel(field(en('auth:login.username'))).fill(staff.email);
  await tablet.getByLabel(field(en('auth:login.password'))).fill(staff.password);
  await tablet.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(tablet).toHaveURL(/\/stable\/addTransaction$/);
  await synced(tablet);
  const entries = await entriesBy(request, staff.id);
  expect(entries.map((entry) => entry.quantity)).toEqual([2]);
});
