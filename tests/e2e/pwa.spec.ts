import { chromium, expect, test, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../bench/harness';
import { CHROMIUM, E2E_PORT } from '../../playwright.config';
import { DEFAULT_LANGUAGE, t, field } from './support';

const de = DEFAULT_LANGUAGE;

async function controlledPage(page: Page): Promise<void> {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled yet; after a reload the worker serves the shell.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the app is installable: a valid manifest and a controlling service worker', async ({ baseURL }) => {
  // Installation needs a real profile (Playwright's default contexts are incognito).
  const profile = mkdtempSync(path.join(tmpdir(), 'paddock-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlledPage(page);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as {
      short_name: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest.short_name).toBe('Paddock');
    expect(manifest.display).toBe('standalone');
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any') === 'any')).toBe(true);
    }
    // Chromium's own verdict: no installability errors.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors, JSON.stringify(installabilityErrors)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a reload while offline shows the app, and deep links too', async ({ page, context }) => {
  await controlledPage(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: t(de, 'auth:login.submit') })).toBeVisible();
  await page.goto('/forgotPassword');
  await expect(page.getByLabel(field(t(de, 'auth:forgot.email')))).toBeVisible();
  await context.setOffline(false);
});

test("the service worker keeps the chosen language's translations: offline without the device's copy, still German", async ({
  page,
  context,
}) => {
  await controlledPage(page);
  // The device's own copy gone: the next load asks for the translations, through the worker.
  await page.evaluate(() => localStorage.removeItem('paddock.translations'));
  await page.reload();
  await expect(page.getByRole('button', { name: t(de, 'auth:login.submit') })).toBeVisible();
  const cached = await page.evaluate(async () =>
    (await (await caches.open('paddock-translations')).keys()).map((request) => request.url),
  );
  expect(cached.some((url) => url.endsWith('/static/dist/translations.json?lng=de'))).toBe(true);

  // Offline (the worker's own fetches cut too), and the device's copy gone again.
  await page.evaluate(() => localStorage.removeItem('paddock.translations'));
  await context.route('**/static/dist/translations.json*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: t(de, 'auth:login.submit') })).toBeVisible();
  await expect(page.getByLabel(field(t(de, 'auth:login.username')))).toBeVisible();
  await context.setOffline(false);
});

test('a new release waiting in the service worker shows the update banner; Reload activates it', async ({ page }) => {
  // A server of our own, serving a copy of the build that we can "deploy" a new release into.
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-release-'));
  cpSync(process.env.DIST_DIR ?? 'dist', path.join(dir, 'dist'), { recursive: true });
  const server = await startServer(
    { DIST_DIR: path.join(dir, 'dist'), DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'test', SEED_DEMO: 'false' },
    E2E_PORT + 50,
  );
  try {
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const banner = page.getByText(t(de, 'shell:update.message'));
    await expect(banner).toHaveCount(0);

    // Deploy: the worker script changes. The next update check installs it, and it waits.
    const sw = path.join(dir, 'dist', 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// release 2\n`);
    // The build's precompressed copies belong to the old script: a deploy replaces them too.
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: t(de, 'shell:update.dismiss') }).click();
    await expect(banner).toHaveCount(0);

    // Reloading finds the new worker still waiting: the banner is back, and Reload activates it.
    await page.reload();
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: t(de, 'shell:update.reload') }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null))
      .toBeNull();
    await expect(page.getByRole('button', { name: t(de, 'auth:login.submit') })).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
