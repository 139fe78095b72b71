import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built app (dist/, served by the real API server on a fresh embedded
 * database with demo data) in Debian's Chromium (CHROMIUM below). Browsers are never downloaded.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180);
/** Overridable so that several checkouts' or helpers' browser runs can share one machine. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'tests/e2e/.tmp/data';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The card provider's test double (tests/stripe-double): the app's server talks to it with the
 * SDK, the browser through Playwright routes (tests/e2e/support/stripe.ts); it sends its signed
 * webhooks to the app.
 */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORT + 1000);
export const E2E_STRIPE = {
  publishableKey: 'pk_test_paddock_e2e',
  secretKey: 'sk_test_paddock_e2e',
  webhookSecret: 'whsec_paddock_e2e',
  url: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
};

/**
 * The browser the tests drive: Debian's Chromium as its headless shell (package
 * chromium-headless-shell: the same build without the browser's window and its services, which
 * is what Playwright itself runs headless). Against the full browser in headless mode it cost a
 * quarter less CPU for the same 98 tests (566 → 430 core-seconds, 322 → 261 s). `CHROMIUM_PATH`
 * overrides; scripts/ensure-system.mjs installs it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The specs that run after every other (see `closing`). */
const CLOSING = /\/(invoices|payouts)\.spec\.ts$/;
/** The specs that run under the app's service worker (see `offline`). */
const UNDER_WORKER = /\/(floor[\w-]*|devices|livescore|pwa)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // Every wait is for a condition; the bounds only end waits that would never be met, with room
  // for a machine three times slower than this one while the API tests on PostgreSQL run beside
  // the browser tests (the longest flows' own bounds, test.setTimeout, are three times theirs too).
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // A German browser: with no language chosen the app opens in the browser's (spec §9).
    locale: 'de-DE',
    // A failed test keeps the trace of its actions and the page's console; no screenshots, DOM
    // snapshots or network (which come with the snapshots): recording those for every test cost
    // about a sixth of the browser tests' CPU. The aria snapshot at the failure is in the report's
    // error context all the same.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The app's service worker precaches every file of the build when it installs, and each test
    // has a fresh browser profile: that install cost a core-second or more per test, for the
    // office's pages, which work the same without it. They run without it.
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block' },
      testIgnore: [CLOSING, UNDER_WORKER],
    },
    // What works offline or installs runs under the worker, as on a floor device or a phone: the
    // floor's screens, its devices, the live page, the installed app.
    {
      name: 'offline',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'allow' },
      testMatch: UNDER_WORKER,
    },
    // Invoicing locks the demo show's entries, which other tests still edit: it runs after them;
    // so do payouts and bank statements (they post to the demo show's ledger).
    {
      name: 'closing',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block' },
      testMatch: CLOSING,
      dependencies: ['chromium', 'offline'],
    },
  ],
  webServer: [
    {
      command: `rm -rf ${E2E_DATA_DIR} && node --import tsx server/src/main.ts`,
      // Ready, not only live: warmed up (server/src/lifecycle.ts) before the first test signs in.
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        SEED_DEMO: 'true',
        RATE_LIMIT_AUTH_MAX: '1000',
        // The lowest password-hash cost, as in the API tests: every test signs in, many several
        // times, and nothing they check of signing in depends on the cost.
        SCRYPT_N: '1024',
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_PUBLISHABLE_KEY: E2E_STRIPE.publishableKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(E2E_STRIPE_PORT),
        STRIPE_API_PROTOCOL: 'http',
      },
    },
    {
      command: 'node --import tsx tests/stripe-double/main.ts',
      url: `${E2E_STRIPE.url}/_double/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        STRIPE_DOUBLE_PORT: String(E2E_STRIPE_PORT),
        STRIPE_DOUBLE_WEBHOOK_URL: `${baseURL}/api/v1/stripe/webhook/`,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      },
    },
  ],
});
