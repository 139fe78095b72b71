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
  test.setTimeout(540_000);
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
  test.setTimeout(360_000);
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
  await expect(prompt).toBeVisible({ timeout: 90_000 });
  await prompt.getByRole('link', { name: en('offline:signInNeeded.action') }).click();
  await tablet.getByLabel(field(en('auth:login.username'))).fill(staff.email);
  await tablet.getByLabel(field(en('auth:login.password'))).fill(staff.password);
  await tablet.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(tablet).toHaveURL(/\/stable\/addTransaction$/);
  await synced(tablet);
  const entries = await entriesBy(request, staff.id);
  expect(entries.map((entry) => entry.quantity)).toEqual([2]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a refused write says what it was, with translated fields, and "Dismiss" fits', async ({ page, request }) => {
    test.setTimeout(360_000);
    const staff = await freshStaff(request, 'stable');
    await signInAt(page, staff, '/stable/dashboard');
    await synced(page);
    // A charge the server refused, as the outbox keeps it (its row marked, the refusal beside it).
    await page.evaluate(
      ({ user }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('paddock-floor');
          open.onerror = () => reject(open.error ?? new Error('open failed'));
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['transactions', 'attention'], 'readwrite');
            const key = '0f6b8a52-1c6e-4a39-9a0e-7d1f2f3c4b5a';
            const at = '2026-12-03T09:15:00.000Z';
            tx.objectStore('transactions').put({
              ...{ id: key, key, venue: 1, kind: 'charge', party: { type: 'rider', id: 1, name: 'Rosa Rider' } },
              ...{ rider: 1, consumable: 1, description: 'Hay', quantity: 5000, unit_price: 900, gross: -4500000 },
              ...{ currency: 'EUR', source: 'stable', created_by: 'stable', device_id: null, occurred_at: at },
              ...{ recorded_at: at, reversal_of: null, rejected: 1 },
            });
            tx.objectStore('attention').put({
              ...{ key, user, userName: 'Test simpleuser', venue: 1, entity: 'transactions', path: 'transaction/' },
              ...{ body: { venue: 1, quantity: 5000, occurred_at: at }, status: 422, at },
              error: { error: 'validation', message: 'x', fields: { quantity: ['too_big'] } },
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error ?? new Error('write failed'));
          };
        }),
      { user: staff.id },
    );
    await page.reload();
    const list = page.getByRole('region', { name: en('floor:attention.title') });
    await expect(list).toContainText('Rosa Rider');
    await expect(list).toContainText('Hay');
    await expect(list).toContainText(`${en('floor:attention.field.quantity')}:`);
    await expect(list).not.toContainText('quantity:');
    const dismiss = list.getByRole('button', {
      name: en('floor:attention.dismissNamed', { what: en('floor:entity.transactions') }),
    });
    const box = (await dismiss.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Its label is whole, not cut.
    expect(await dismiss.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    await expect(dismiss).toHaveText(en('floor:attention.dismiss'));
    await dismiss.click();
    await expect(list).toHaveCount(0);
  });
});
