import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { DEMO_JWT_SECRET } from '../../server/src/config';
import {
  bearer,
  charge,
  DEMO_VENUE,
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
 * A floor device reopened during an outage keeps working from its
 * floor-device session, and a session that ended during the outage is renewed without staff
 * action, or a sign-in is asked for at once, with every write kept and sent once.
 */

/** A session token of `user` that expired an hour ago (the server's demo secret signs it). */
function expiredToken(user: number): Promise<string> {
  const past = Math.floor(Date.now() / 1000) - 3 * 3600;
  return new SignJWT({ orig_iat: past })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user))
    .setIssuedAt(past)
    .setExpirationTime(past + 1800)
    .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
}

/** The stored session's token replaced by `token` (offline; a reload reads it back). */
async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    const stored = JSON.parse(sessionStorage.getItem('paddock')!) as { state: { token: string } };
    stored.state.token = value;
    sessionStorage.setItem('paddock', JSON.stringify(stored));
  }, token);
  await page.reload();
}

/** The rider is open and the venue's items are on screen (read from the offline store). */
async function riderOpen(page: Page): Promise<void> {
  await pickRider(page);
  const items = page.getByRole('group', { name: en('floor:quick.mostUsed') });
  await expect(items.getByRole('button', { name: /^Hay/ })).toBeVisible();
}

const signInPrompt = (page: Page) => page.getByRole('alert', { name: en('offline:signInNeeded.title') });

/**
 * A fresh stable user on the charging screen, synced; then the wifi drops and two charges of hay
 * (`quantities`) are queued. Returns the stable user.
 */
async function twoChargesOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  quantities: [number, number],
) {
  const staff = await freshStaff(request, 'stable');
  await signInAt(page, staff, '/stable/addTransaction');
  await synced(page);
  await context.setOffline(true);
  await riderOpen(page);
  for (const quantity of quantities) await charge(page, /^Hay/, quantity);
  return staff;
}

test('closed and reopened offline: the stable screens open from the cache, a charge queues and arrives once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(360_000);
  const staff = await freshStaff(request, 'stable');
  const venue = await request.get(`/api/v1/venue/${DEMO_VENUE}/`, { headers: bearer(await tokenOf(request, 'admin')) });
  const venueName = ((await venue.json()) as { name: string }).name;
  await signInAt(page, staff, '/stable/dashboard');
  await synced(page);

  // The wifi goes, and the app is closed (no page left), then opened again.
  await context.setOffline(true);
  await page.close();
  const tablet = await context.newPage();
  await tablet.goto('/stable/dashboard');
  // The venue from the cache: its name on the dashboard.
  await expect(tablet.getByRole('region', { name: en('floor:stable.today', { venue: venueName }) })).toBeVisible();
  await expect(statusBar(tablet)).toContainText(en('floor:status.offline'));
  // Restored from the device session: no session token in this new tab.
  expect(await tablet.evaluate(() => sessionStorage.getItem('paddock'))).toContain('"token":null');
  await tablet.goto('/stable/addTransaction');
  await riderOpen(tablet);
  await charge(tablet, /^Hay/, 1);
  await expect(statusBar(tablet)).toContainText(en('floor:status.pending', { count: 1 }));

  // Admin and money screens stay closed in this state.
  await tablet.goto('/organizer/transactions');
  await expect(tablet).toHaveURL(/\/login\?next=/);
  await tablet.goto('/stable/dashboard');

  await context.setOffline(false);
  await synced(tablet);
  const entries = await entriesBy(request, staff.id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ kind: 'charge', quantity: 1 });
  await expect(signInPrompt(tablet)).toHaveCount(0);
});

test('an outage longer than the token: back online the writes go without staff action', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(360_000);
  const staff = await twoChargesOffline(page, context, request, [1, 2]);
  await storeToken(page, await expiredToken(staff.id));
  await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 2 }));

  await context.setOffline(false);
  await synced(page);
  await expect(signInPrompt(page)).toHaveCount(0);
  const entries = await entriesBy(request, staff.id);
  expect(entries.map((e) => e.quantity).sort()).toEqual([1, 2]);
});

test('the device session ended too: the sign-in prompt at once, the writes kept, sent once after signing in', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(360_000);
  const staff = await twoChargesOffline(page, context, request, [1, 3]);
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('paddock.floorDevice')!) as { expiresAt: number };
    localStorage.setItem('paddock.floorDevice', JSON.stringify({ ...stored, expiresAt: Date.now() - 1000 }));
  });
  await storeToken(page, await expiredToken(staff.id));

  await context.setOffline(false);
  const prompt = signInPrompt(page);
  // At once: well within the 10 minutes of the next token refresh.
  await expect(prompt).toBeVisible({ timeout: 45_000 });
  await expect(prompt).toContainText(en('offline:signInNeeded.body', { count: 2 }));
  expect(await entriesBy(request, staff.id)).toHaveLength(0);

  await prompt.getByRole('link', { name: en('offline:signInNeeded.action') }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fstable%2FaddTransaction/);
  await page.getByLabel(field(en('auth:login.username'))).fill(staff.email);
  await page.getByLabel(field(en('auth:login.password'))).fill(staff.password);
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  // The sign-in (a deliberately slow password hash) shares the server with the writes now sent.
  await expect(page).toHaveURL(/\/stable\/addTransaction$/, { timeout: 90_000 });
  await synced(page);
  await expect(signInPrompt(page)).toHaveCount(0);
  const entries = await entriesBy(request, staff.id);
  expect(entries.map((e) => e.quantity).sort()).toEqual([1, 3]);
});
