import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built app (dist/, served by the real API server on a fresh embedded
 * database with demo data) in Debian's Chromium. Browsers are never downloaded.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180);
/** Overridable so that several checkouts' or helpers' browser runs can share one machine. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'tests/e2e/.tmp/data';
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // A German browser: with no language chosen the app opens in the browser's (spec §9, issue 11).
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /invoices\.spec\.ts/ },
    // Invoicing locks the demo show's entries, which other tests still edit: it runs after them.
    {
      name: 'closing',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /invoices\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx server/src/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
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
      LOG_LEVEL: 'warn',
    },
  },
});
