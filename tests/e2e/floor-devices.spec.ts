import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { startServer } from '../../bench/harness';
import { CHROMIUM, E2E_PORT } from '../../playwright.config';
import { charge, DEMO_RIDER, en, freshStaff, pickRider, riderCode, signInAt, statusBar, synced } from './floor-support';
import { writeQrVideo } from './qr-video';
import { choose, field, PASSWORD, t } from './support';

/*
 * With real devices: a camera that sees a QR code, and a server that goes away while
 * a tablet has writes queued.
 */

/** A Chromium whose camera sees `text` as a QR code; closed (and its video removed) after `use`. */
async function withCamera(text: string, use: (browser: Browser) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-camera-'));
  const video = path.join(dir, 'code.y4m');
  writeQrVideo(video, text);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    await use(browser);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a QR code shown to the camera is scanned and opens the right rider', async ({ request, baseURL }) => {
  const staff = await freshStaff(request, 'stable');
  const code = await riderCode(request);
  // The printed code is the stable route's URL, as the rider's overview draws it.
  await withCamera(`${baseURL}/stable/qr/${code}`, async (browser) => {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], locale: 'en-US' });
    const page = await context.newPage();
    await signInAt(page, staff, '/stable/dashboard');
    await synced(page);
    await page.getByRole('button', { name: en('floor:scan.button') }).click();
    await expect(page).toHaveURL(new RegExp(`/stable/qr/${code}$`), { timeout: 90_000 });
    await expect(page.getByText(DEMO_RIDER).first()).toBeVisible();
    await expect(page.getByRole('form', { name: en('floor:charge.title') })).toBeVisible();
  });
});

test("the merchant scans the rider's QR code with the camera and charges them", async ({ request, baseURL }) => {
  // The demo merchant works in Italian.
  const it = (key: string, vars?: Record<string, string | number>) => t('it', key, vars);
  const code = await riderCode(request);
  await withCamera(`${baseURL}/stable/qr/${code}`, async (browser) => {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], locale: 'en-US' });
    const page = await context.newPage();
    await signInAt(page, { email: 'merchant', password: PASSWORD }, '/merchant/addTransaction');
    await choose(page, it('people:sale.venue'), /Paddock Classic/);
    await page.getByRole('button', { name: it('people:sale.scan') }).click();
    // The scanner's dialog opens; a fast camera may read the code and close it before a look.
    const changeRider = page.getByRole('button', { name: it('people:sale.changeRider') });
    await expect(page.getByRole('dialog', { name: it('people:sale.scanTitle') }).or(changeRider)).toBeVisible();
    // The scanned code picks the rider: the sale form shows them with "Change rider".
    await expect(changeRider).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(DEMO_RIDER).first()).toBeVisible();
    const description = `Scanned ${Date.now().toString(36)}`;
    await page.getByLabel(field(it('people:sale.description'))).fill(description);
    await page.getByLabel(field(it('people:sale.unitPrice'))).fill('4.50');
    await page.getByRole('button', { name: it('people:sale.submit') }).click();
    await expect(page.getByText(it('people:sale.done'))).toBeVisible();
    await page.goto('/merchant/listTransactions');
    await expect(page.getByRole('row').filter({ hasText: description })).toContainText(DEMO_RIDER);
  });
});

test('the server stops and starts again while charges are queued: nothing is lost, nothing doubled', async ({
  page,
}) => {
  test.setTimeout(540_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-restart-'));
  const env = { DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'test', SEED_DEMO: 'true', RATE_LIMIT_AUTH_MAX: '1000' };
  const port = E2E_PORT + 60;
  let server = await startServer(env, port);
  try {
    // This server has a database of its own: the demo stable user is ours alone here (in English).
    const auth = await page.request.post(`${server.url}/api/token/auth/`, {
      data: { username: 'stable', password: PASSWORD },
    });
    const { token } = (await auth.json()) as { token: string };
    const english = await page.request.patch(`${server.url}/api/auth/user/`, {
      headers: { authorization: `Bearer ${token}` },
      data: { language: 'en' },
    });
    expect(english.status()).toBe(200);
    await signInAt(page, { email: 'stable', password: PASSWORD }, '/stable/addTransaction', server.url);
    await synced(page);
    await pickRider(page);
    await charge(page, /^Hay/, 1);
    await synced(page);

    await server.stop();
    for (let i = 0; i < 10; i++) await charge(page, /^Shavings/, 1);
    await expect(statusBar(page)).toContainText(en('floor:status.pending', { count: 10 }));
    server = await startServer(env, port);
    await synced(page);

    const admin = await (
      await page.request.post(`${server.url}/api/token/auth/`, { data: { username: 'admin', password: PASSWORD } })
    ).json();
    const res = await page.request.get(`${server.url}/api/v1/transaction/?venue=1&source=stable&page_size=1000`, {
      headers: { authorization: `Bearer ${(admin as { token: string }).token}` },
    });
    // This tablet's entries: the demo show day's own stable charges came from no device.
    const { results } = (await res.json()) as {
      results: { id: number; description: string; device_id: string | null }[];
    };
    const ours = results.filter((e) => e.device_id !== null);
    expect(ours.filter((e) => /^Hay/.test(e.description))).toHaveLength(1);
    expect(ours.filter((e) => /^Shavings/.test(e.description))).toHaveLength(10);
    expect(ours).toHaveLength(11);
    expect(new Set(results.map((e) => e.id)).size).toBe(results.length);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
