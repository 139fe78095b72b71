import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { field, PASSWORD, registerViaApi, t } from './support';

/** Helpers of the floor's browser tests. */

export const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
export const DEMO_VENUE = 1;
export const DEMO_RIDER = 'Rosa Rider';

export async function tokenOf(request: APIRequestContext, username: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/token/auth/', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Staff {
  id: number;
  email: string;
  password: string;
}

/**
 * A new account with `role` at the demo venue, so a test owns its user (the demo floor users
 * are shared with other tests running at the same time).
 */
export async function freshStaff(request: APIRequestContext, role: string): Promise<Staff> {
  const account = await registerViaApi(request, 'simpleuser', 'en');
  const token = await tokenOf(request, account.email, account.password);
  const me = await request.get('/api/auth/user/', { headers: bearer(token) });
  const { id } = (await me.json()) as { id: number };
  const admin = await tokenOf(request, 'admin');
  const assigned = await request.post(`/api/v1/venue/${DEMO_VENUE}/users/`, {
    headers: bearer(admin),
    data: { user: id, roles: [role] },
  });
  expect(assigned.status(), await assigned.text()).toBeLessThan(300);
  return { id, ...account };
}

/**
 * Sign in through the form (in English) at `base` and open `path`, under the service worker's
 * control where the spec allows the worker (the first load is not controlled; after a reload the
 * worker serves the app offline).
 */
export async function signInAt(
  page: Page,
  login: { email: string; password: string },
  path: string,
  base = '',
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.setItem('paddock.language', 'en'));
  // The office's specs run without the service worker (playwright.config.ts): nothing to wait for.
  const worker = test.info().project.use.serviceWorkers !== 'block';
  if (worker) await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  if (worker) await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByLabel(field(en('auth:login.username'))).fill(login.email);
  await page.getByLabel(field(en('auth:login.password'))).fill(login.password);
  await page.getByRole('button', { name: en('auth:login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${base}${path}`);
}

/** The floor's status bar (connection, writes pending, last sync). */
export const statusBar = (page: Page) => page.getByRole('status', { name: en('floor:status.label') });

/** Online, the venue's data is here, and `pending` writes wait to be sent (0: all sent). */
export async function synced(page: Page, pending = 0): Promise<void> {
  const status = statusBar(page);
  // Sent first (the badge says "Sending…" meanwhile), then the badge says so: "All sent at
  // HH:MM" once nothing waits, "Online" while writes are kept for attention.
  await expect(status).toContainText(en('floor:status.pending', { count: pending }), { timeout: 270_000 });
  await expect(status).toContainText('Last sync:', { timeout: 90_000 });
  const allSent = en('floor:status.allSent', { time: '§' }).replace('§', '\\d{2}:\\d{2}');
  await expect(status).toContainText(new RegExp(`${en('floor:status.online')}|${allSent}`), { timeout: 90_000 });
}

export interface LedgerEntry {
  id: number;
  kind: string;
  quantity: number;
  description: string;
  device_id: string | null;
  created_by: { id: number } | null;
  party: { type: string; id: number };
}

/** Every ledger entry of the demo venue that `user` made. */
export async function entriesBy(request: APIRequestContext, user: number): Promise<LedgerEntry[]> {
  const admin = await tokenOf(request, 'admin');
  const res = await request.get(`/api/v1/transaction/?venue=${DEMO_VENUE}&page_size=1000`, { headers: bearer(admin) });
  expect(res.status()).toBe(200);
  const { results } = (await res.json()) as { results: LedgerEntry[] };
  return results.filter((e) => e.created_by?.id === user);
}

/** The demo rider's QR code, as the rider's own overview shows it. */
export async function riderCode(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/rider/qr/', { headers: bearer(await tokenOf(request, 'rider')) });
  expect(res.status()).toBe(200);
  const { results } = (await res.json()) as { results: { type: string; code: string }[] };
  return results.find((c) => c.type === 'r')!.code;
}

/**
 * A fresh stable user signs in and syncs, the wifi drops, and the tablet opens the demo rider
 * from the rider's QR code: where the offline charging tests start. Returns the stable user.
 */
export async function offlineAtDemoRider(page: Page, context: BrowserContext, request: APIRequestContext) {
  const staff = await freshStaff(request, 'stable');
  const code = await riderCode(request);
  await signInAt(page, staff, '/stable/dashboard');
  await synced(page);
  await context.setOffline(true);
  await page.goto(`/stable/qr/${code}`);
  await expect(page.getByText(DEMO_RIDER).first()).toBeVisible();
  return staff;
}

/**
 * Charge `item` × `quantity` with the open quick charge (a most used item's button, else the
 * "Other item" list; the stepper up to the quantity; one tap), and wait until it is saved.
 */
export async function charge(page: Page, item: RegExp, quantity: number): Promise<void> {
  const form = page.getByRole('form', { name: en('floor:charge.title') });
  const group = form.getByRole('group', { name: en('floor:quick.mostUsed') });
  // The buttons show once the item uses are read: wait for them before looking.
  await expect(group.getByRole('button').first()).toBeVisible();
  const button = group.getByRole('button', { name: item });
  if (await button.count()) {
    await button.first().click();
  } else {
    const select = form.getByLabel(en('floor:quick.other'));
    const label = await select.locator('option').filter({ hasText: item }).first().textContent();
    await select.selectOption({ label: label! });
  }
  const line = form.getByRole('list', { name: en('floor:quick.lines') }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  const more = line.getByRole('button', {
    name: new RegExp(`${en('floor:quick.more', { item: '' }).split(' ').at(-1)}$`),
  });
  for (let n = 1; n < quantity; n++) await more.click();
  await form.getByRole('button', { name: new RegExp(`^${en('floor:quick.save', { amount: '' }).trim()} .+`) }).click();
  await expect(line).toHaveCount(0);
}

/** Find the demo rider by name on the add-transaction page. */
export async function pickRider(page: Page): Promise<void> {
  await page.getByLabel(en('floor:person.search')).fill('Rosa');
  await page.getByRole('button', { name: new RegExp(`^${DEMO_RIDER}`) }).click();
}
