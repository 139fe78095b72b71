import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { median, report, round, startServer } from './harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The figures: start-up, sign-in API median, JavaScript loaded for /login; the
 * Lighthouse score of /login.
 */
export async function benchFoundation(port: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'true', RATE_LIMIT_AUTH_MAX: '1000000' };
  try {
    // First start on an empty embedded database: initdb, migrations, demo seed.
    const fresh = await startServer(env, port);
    await fresh.stop();
    report({ name: 'start.fresh_s', value: round(fresh.readySeconds), unit: 's' });

    // `npm start` after a build, on the existing embedded database.
    const server = await startServer(env, port);
    report({ name: 'start.ready_s', value: round(server.readySeconds), unit: 's', limit: { max: 10 } });
    try {
      await benchLogin(server.url);
      await benchLoginJs(server.url);
      await benchLighthouse(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchLogin(url: string): Promise<void> {
  const body = JSON.stringify({ username: 'rider', password: 'paddock-demo' });
  const timings: number[] = [];
  for (let i = 0; i < 120; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/token/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    if (i >= 20) timings.push(performance.now() - t0); // the first 20 warm up the JIT
  }
  report({ name: 'auth.login_p50_ms', value: round(median(timings), 1), unit: 'ms', limit: { max: 60 } });
}

/**
 * The scripts a first visit of /login loads, in bytes as they cross the wire (compressed as
 * the server sends them to Chromium: brotli), until the sign-in form shows and the network is idle.
 */
async function benchLoginJs(url: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel(/username|benutzername/i).waitFor();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    const kb = sizes.reduce((a, b) => a + b, 0) / 1024;
    report({ name: 'login.initial_js_kb', value: round(kb, 1), unit: 'KB', limit: { max: 150 } });
  } finally {
    await browser.close();
  }
}

/** Lighthouse (mobile preset: simulated slow 4G and a slower CPU), performance only, of /login. */
async function benchLighthouse(url: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${url}/login`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`lighthouse: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    report({ name: 'login.lcp_ms', value: round(lcp, 0), unit: 'ms' });
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    report({ name: 'login.lighthouse_performance', value: score, unit: 'score', limit: { min: 90 } });
  } finally {
    chrome.kill();
  }
}
