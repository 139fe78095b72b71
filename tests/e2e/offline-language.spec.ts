import { expect, test, type Route } from '@playwright/test';
import { loginAs, t } from './support';

/*
 * A tablet signed in and clicked around, so its page was never controlled by the
 * service worker, then reloads without network. The worker is blocked here, and the browser's
 * caches are played by the route below: while online it passes every request on and keeps the
 * app shell it received (the document and the built files it loaded); offline it answers those
 * and nothing else, so the translations cannot come from the network, nor from a chunk the
 * page never loaded.
 */
test.use({ serviceWorkers: 'block' });

interface Kept {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What a raw translation key looks like on screen: `STATUS.OFFLINE`, `footer.version`, `stableTransactions`. */
const RAW_KEY = [/\b[A-Z][A-Z_]+\.[A-Z_]+\b/, /\b[a-z]+(?:[A-Z][a-z]+)+\b/, /\b[a-z]+\.[a-z][a-zA-Z]+\b/];

test('reloading offline a page the service worker never controlled shows the app in German, no raw key', async ({
  page,
  context,
}) => {
  const shell = new Map<string, Kept>();
  let documentKept: Kept | null = null;
  let offline = false;
  await context.route('**/*', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const isShell = request.resourceType() === 'document' || url.pathname.startsWith('/assets/');
    if (!offline) {
      const response = await route.fetch();
      if (isShell && response.ok()) {
        const kept = { status: response.status(), headers: response.headers(), body: await response.body() };
        if (request.resourceType() === 'document') documentKept = kept;
        else shell.set(url.pathname, kept);
      }
      return route.fulfill({ response });
    }
    // Any address of the app opens the same index.html (as the worker's navigation fallback would).
    const kept = request.resourceType() === 'document' ? documentKept : shell.get(url.pathname);
    if (kept) return route.fulfill(kept);
    return route.abort('internetdisconnected');
  });

  await loginAs(page, 'stable');
  // In-app navigation only: the page is never loaded again while online.
  await page
    .getByRole('link', { name: t('de', 'routes:stableTransactions') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/stable\/transactions$/);
  await expect(page.getByRole('heading', { name: t('de', 'routes:stableTransactions') })).toBeVisible();

  offline = true;
  await context.setOffline(true);
  const translationsAsked = page.waitForRequest((r) => r.url().includes('/static/dist/translations.json'), {
    timeout: 5_000,
  });
  await page.reload();
  // This build's German translations came from the device, not from the network.
  await expect(translationsAsked).rejects.toThrow();

  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: t('de', 'routes:stableTransactions') })).toBeVisible();
  await expect(page.getByText(t('de', 'floor:status.offline'), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^Version \d+\.\d+\.\d+/)).toBeVisible();

  const text = await page.locator('body').innerText();
  for (const key of ['STATUS.OFFLINE', 'stableTransactions', 'footer.version', 'status.offline']) {
    expect(text, key).not.toContain(key);
  }
  for (const pattern of RAW_KEY) expect(text, String(pattern)).not.toMatch(pattern);
  // No toast saying the bare key of the network error.
  await expect(page.getByText(/^network$/)).toHaveCount(0);
  await context.setOffline(false);
});
