import { get } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright';
import { openDatabase } from '../server/src/db/client';
import { seedDemoData } from '../server/src/demo/seed';
import { median, report, round, startServer } from './harness';
import { seedLedger, type Exec } from './ledger-seed';

/**
 * The figure: the first pull of a venue with 5,000 participants, 5,000 horses and 50,000
 * transactions into IndexedDB in headless Chromium, from the stable user's sign-in (which opens
 * the stable dashboard and so the first pull) until the snapshot is stored.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RIDERS = 5000;
const TRANSACTIONS = 50_000;

/** Every bench rider at venue 1 with one horse and a head number (the ledger seed made the riders). */
async function seedFloor(exec: Exec): Promise<void> {
  await seedLedger(exec, 1, RIDERS, TRANSACTIONS);
  await exec(`INSERT INTO venue_participations (venue_id, rider_id, payer_type, payer_id)
    SELECT 1, id, 'rider', id FROM riders WHERE email LIKE 'bench-1-%'`);
  await exec(`INSERT INTO horses (name, fei_id)
    SELECT 'Bench Horse ' || g, 'B' || lpad(g::text, 6, '0') FROM generate_series(1, ${RIDERS}) g`);
  await exec(`INSERT INTO participation_horses (venue_participation_id, venue_id, horse_id, head_number)
    SELECT vp.id, 1, h.id, 1000 + vp.rn
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM venue_participations
          WHERE venue_id = 1 AND rider_id IN (SELECT id FROM riders WHERE email LIKE 'bench-1-%')) vp
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM horses WHERE fei_id LIKE 'B%') h ON h.rn = vp.rn`);
  await exec('ANALYZE');
}

/**
 * How many transactions of `venue` the page's offline store holds once its snapshot is stored
 * (-1 before). The snapshot's entries sit in pages (each with its count of rows), later ones
 * one per record; the pages are read once the venue's cursor is stored (the snapshot's last
 * write). Plain JavaScript text: the page must not see the bundler's helpers.
 */
function storedTransactions(page: Page, venue: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    // Never create the database here (the app's upgrade would wait for this connection).
    indexedDB.databases().then((list) => {
      if (!list.some((d) => d.name === 'paddock-floor')) return resolve(-1);
      const open = indexedDB.open('paddock-floor');
      open.onerror = () => resolve(-1);
      open.onsuccess = () => {
        const db = open.result;
        const finish = (n) => { db.close(); resolve(n); };
        if (!db.objectStoreNames.contains('sync')) return finish(-1);
        const tx = db.transaction(['sync', 'transactions', 'transactionPages'], 'readonly');
        tx.onerror = () => finish(-1);
        const state = tx.objectStore('sync').get(${venue});
        state.onsuccess = () => {
          if (!state.result) return finish(-1);
          const pages = tx.objectStore('transactionPages').getAll(IDBKeyRange.bound([${venue}, -Infinity], [${venue}, []]));
          pages.onsuccess = () => {
            const paged = pages.result.reduce((sum, stored) => sum + stored.size, 0);
            const single = tx.objectStore('transactions').index('venue').count(${venue});
            single.onsuccess = () => finish(paged + single.result);
          };
        };
      };
    });
  })`);
}

export async function benchFloor(port: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-floor-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await database.migrate();
      await seedDemoData(database.db, 1024);
      await seedFloor((text) => database.db.execute(text));
    } finally {
      await database.close();
    }
    const server = await startServer(env, port);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--disable-background-networking'] });
    try {
      const page = await browser.newPage({ locale: 'en-US' });
      await page.goto(`${server.url}/login`);
      await page.locator('input[name="username"], input[autocomplete="username"]').first().fill('stable');
      await page.locator('input[type="password"]').first().fill('paddock-demo');
      await page.evaluate("performance.mark('bench:signin-click')");
      const t0 = performance.now();
      await page.locator('button[type="submit"]').first().click();
      let stored = -1;
      while (stored < TRANSACTIONS && performance.now() - t0 < 60_000) {
        await page.waitForTimeout(50);
        stored = await storedTransactions(page, 1);
      }
      const seconds = (performance.now() - t0) / 1000;
      if (stored < TRANSACTIONS) throw new Error(`the first pull stored ${stored} transactions in 60 s`);
      console.info(`bench: the first pull stored ${stored} transactions; ${await pullMarks(page)}`);
      report({ name: 'floor.first_pull_s', value: round(seconds), unit: 's', limit: { max: 2 } });

      const api = await apiOf(server.url);
      await benchScanToSaved(page, api);
      await benchDrain(page, api);
      await benchRouteJs((options) => browser.newContext(options), page, server.url);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Where the first pull's time went, from the page's performance marks (src/shared/perf-marks.ts)
 * and its resource timing, in ms after the sign-in click.
 */
async function pullMarks(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const click = performance.getEntriesByName('bench:signin-click')[0].startTime;
    const at = (t) => Math.round(t - click);
    const parts = [];
    const token = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/token/auth/'));
    if (token) parts.push('sign-in answered at ' + at(token.responseEnd));
    const changes = performance.getEntriesByType('resource').filter((e) => e.name.includes('/floor/changes/'))[0];
    if (changes) parts.push('changes requested at ' + at(changes.requestStart) + ', first byte ' + at(changes.responseStart) + ', last byte ' + at(changes.responseEnd) + ' (' + Math.round(changes.encodedBodySize / 1024) + ' KB on the wire, ' + Math.round(changes.decodedBodySize / 1024) + ' KB)');
    for (const name of ['paddock:pull-fetch', 'paddock:pull-chunk', 'paddock:pull-store']) {
      const all = performance.getEntriesByName(name);
      if (!all.length) continue;
      const total = all.reduce((sum, e) => sum + e.duration, 0);
      parts.push(name + ' ' + all.length + '× ' + Math.round(total) + ' ms (first from ' + at(all[0].startTime) + ', last until ' + at(all[all.length - 1].startTime + all[all.length - 1].duration) + ')');
    }
    return parts.join('; ');
  })()`)) as string;
}

// ---- the stable's charge, the drain, the floor route's JavaScript ---------------------

interface Api {
  url: string;
  admin: string;
  /** The demo rider's QR code and riders.id (enrolled at venue 1). */
  code: string;
  riderId: number;
  stableId: number;
}

async function tokenOf(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/token/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'paddock-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function apiOf(url: string): Promise<Api> {
  const rider = await tokenOf(url, 'rider');
  const stable = await tokenOf(url, 'stable');
  const codes = await getJson<{ results: { type: string; code: string }[] }>(`${url}/api/v1/rider/qr/`, rider);
  const me = await getJson<{ rider_id: number }>(`${url}/api/auth/user/`, rider);
  const stableUser = await getJson<{ id: number }>(`${url}/api/auth/user/`, stable);
  return {
    url,
    admin: await tokenOf(url, 'admin'),
    code: codes.results.find((c) => c.type === 'r')!.code,
    riderId: me.rider_id,
    stableId: stableUser.id,
  };
}

/** A floor string in every language (the stable user's language decides which one shows). */
function floorWords(path: string[]): string[] {
  return ['de', 'en', 'pl', 'fr', 'it'].map((lang) => {
    let node: unknown = JSON.parse(readFileSync(`src/locales/${lang}/floor.json`, 'utf8'));
    for (const part of path) node = (node as Record<string, unknown>)[part];
    return String(node);
  });
}

/** How many writes of `user` the page's outbox holds (plain JavaScript: no bundler helpers). */
function outboxCount(page: Page, user: number): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('paddock-floor');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const count = db.transaction('outbox', 'readonly').objectStore('outbox').index('user').count(${user});
      count.onsuccess = () => { db.close(); resolve(count.result); };
      count.onerror = () => { db.close(); reject(count.error); };
    };
  })`);
}

const SCAN_RUNS = 9;

/**
 * floor.scan_to_saved_ms: from the in-app navigation to a rider's QR route (what the scanner does
 * after reading a code; the camera's own time is not the app's) to the charge stored on the
 * device as pending: the person and the most used items show, a tap on the first item, a tap on
 * "Charge"; the clock stops when the write's IndexedDB transaction (row and outbox item) has
 * committed, which the app shows at once with its "Undo". Offline, so the write stays pending.
 * Measured inside the page (no automation round trips), with the venue of 5,000 riders and
 * 50,000 entries stored; median of 9 offline runs after one online warm-up run that loads the
 * screen's code (a tablet under its service worker has it) and sums the snapshot once (printed).
 */
async function benchScanToSaved(page: Page, api: Api): Promise<void> {
  const words = {
    mostUsed: floorWords(['quick', 'mostUsed']),
    // "Charge {{amount}}" as a pattern, whatever the amount.
    save: floorWords(['quick', 'save']).map(
      (w) => '^' + w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{amount\\}\\}', '.+') + '$',
    ),
    undo: floorWords(['quick', 'undo']),
  };
  const before = await outboxCount(page, api.stableId);
  const times: number[] = [];
  const phases: Record<string, number | null>[] = [];
  // Run 0 (online, not counted) loads the screen's code, as a tablet under its service worker has it.
  for (let run = 0; run <= SCAN_RUNS; run++) {
    if (run === 1) await page.context().setOffline(true);
    const ms = await page.evaluate(`new Promise((resolve, reject) => {
      const words = ${JSON.stringify(words)};
      const go = (path) => { history.pushState({}, '', path); dispatchEvent(new PopStateEvent('popstate')); };
      const buttons = () => [...document.querySelectorAll('button')];
      const firstItem = () => {
        const group = [...document.querySelectorAll('[role="group"]')].find((g) => words.mostUsed.includes(g.getAttribute('aria-label')));
        return group ? group.querySelector('button') : null;
      };
      const charge = () => buttons().find((b) => !b.disabled && words.save.some((w) => new RegExp(w).test(b.textContent.trim())));
      const undo = () => buttons().find((b) => words.undo.includes(b.textContent.trim()));
      let step = 0;
      go('/stable/dashboard');
      setTimeout(() => {
        const t0 = performance.now();
        // Each step is taken as soon as the page's DOM shows it: a MutationObserver's callback runs
        // right after the change that React committed (polling with nested timers added up to 4 ms a
        // look, and waited behind whatever task came first).
        const observer = new MutationObserver(() => check());
        const timeout = setTimeout(() => {
          observer.disconnect();
          reject(new Error('no charge within 20 s, at step ' + step + ' on ' + location.pathname + ': ' + document.body.innerText.slice(0, 400)));
        }, 20000);
        const check = () => {
          if (step === 0) { const item = firstItem(); if (item) { step = 1; item.click(); } }
          else if (step === 1) { const button = charge(); if (button) { step = 2; button.click(); } }
          else if (step === 2 && undo()) {
            const total = performance.now() - t0;
            step = 3;
            observer.disconnect();
            clearTimeout(timeout);
            const after = (name) => {
              const e = performance.getEntriesByName(name).filter((m) => m.startTime >= t0)[0];
              return e ? Math.round((e.startTime - t0) * 10) / 10 : null;
            };
            const save = performance.getEntriesByName('paddock:outbox-save').filter((m) => m.startTime >= t0)[0];
            resolve({ total, person: after('paddock:scan-person'), items: after('paddock:scan-items'),
              tap: after('paddock:charge-tap'), saved: after('paddock:charge-saved'),
              idb: save ? Math.round(save.duration * 10) / 10 : null });
          }
        };
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        go('/stable/qr/${api.code}');
        check();
      }, 200);
    })`);
    const run_ = ms as Record<string, number | null> & { total: number };
    times.push(run_.total);
    phases.push(run_);
  }
  const [warmUp, ...counted] = times;
  // The warm-up's charge may have gone out at once (online): the offline runs stay queued.
  const stored = (await outboxCount(page, api.stableId)) - before;
  if (stored < SCAN_RUNS) throw new Error(`scan to saved: ${stored} charges queued, expected ${SCAN_RUNS}`);
  console.info(
    `bench: scan to saved, warm-up (online, loads the screen's code) ${round(warmUp!, 1)} ms, runs ${counted.map((t) => round(t, 1)).join(' ')}`,
  );
  // Where the time goes (medians of the counted runs, ms from the navigation; performance marks).
  const phase = (name: string) => {
    const values = phases.slice(1).flatMap((p) => (p[name] == null ? [] : [p[name]!]));
    return values.length ? round(median(values), 1) : 'n/a';
  };
  console.info(
    `bench: scan to saved, marks: person shown ${phase('person')}, items shown ${phase('items')}, ` +
      `"Charge" tapped ${phase('tap')}, saved in IndexedDB ${phase('saved')} (the write's transaction ${phase('idb')} ms), "Undo" shown ${round(median(counted), 1)}`,
  );
  report({ name: 'floor.scan_to_saved_ms', value: round(median(counted), 1), unit: 'ms', limit: { max: 50 } });
  await page.evaluate(
    `(() => { history.pushState({}, '', '/stable/dashboard'); dispatchEvent(new PopStateEvent('popstate')); })()`,
  );
  await page.context().setOffline(false);
  const deadline = performance.now() + 30_000;
  while ((await outboxCount(page, api.stableId)) > 0 && performance.now() < deadline) await page.waitForTimeout(100);
}

const DRAIN = 1000;

async function riderEntries(api: Api): Promise<number> {
  const page = await getJson<{ count: number }>(
    `${api.url}/api/v1/transaction/?venue=1&party_type=rider&party_id=${api.riderId}&page_size=1`,
    api.admin,
  );
  return page.count;
}

/**
 * floor.drain_1000_s: 1,000 charges queued while offline (written into the device's outbox as the
 * app queues them: row and outbox item, each with its Idempotency-Key), then the network comes
 * back with the stable dashboard open; from going online until the outbox is empty and the
 * server holds each of the 1,000 exactly once.
 */
async function benchDrain(page: Page, api: Api): Promise<void> {
  await page.context().setOffline(true);
  const before = await riderEntries(api);
  await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('paddock-floor');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      // The venue's items: the snapshot's, kept in chunks of rows, and any later ones row by row.
      const items = db.transaction(['consumables', 'snapshotChunks'], 'readonly');
      const rows = items.objectStore('consumables').index('venue').getAll(1);
      const chunks = items.objectStore('snapshotChunks').getAll(IDBKeyRange.bound([1, 'consumables', -Infinity], [1, 'consumables', []]));
      items.onerror = () => { db.close(); reject(items.error); };
      items.oncomplete = () => {
        const all = [...chunks.result.flatMap((chunk) => JSON.parse(chunk.rows)), ...rows.result];
        const item = all.find((c) => c.active);
        if (!item) { db.close(); return reject(new Error('drain: the venue has no active item on the device')); }
        const tx = db.transaction(['transactions', 'outbox'], 'readwrite');
        const device = localStorage.getItem('paddock.deviceId') || crypto.randomUUID();
        for (let i = 0; i < ${DRAIN}; i++) {
          const key = crypto.randomUUID();
          const now = new Date().toISOString();
          const body = { venue: 1, kind: 'charge', party_type: 'rider', party_id: ${api.riderId}, consumable: Number(item.id),
            quantity: 1, source: 'stable', device_id: device, occurred_at: now };
          tx.objectStore('transactions').put({ id: key, key, venue: 1, kind: 'charge',
            party: { type: 'rider', id: ${api.riderId}, name: 'Bench' }, rider: ${api.riderId}, consumable: Number(item.id),
            description: item.name, quantity: 1, unit_price: item.unit_price, gross: -item.unit_price, currency: 'EUR',
            source: 'stable', created_by: 'bench', device_id: device, occurred_at: now, recorded_at: now, reversal_of: null, pending: 1 });
          tx.objectStore('outbox').add({ key, user: ${api.stableId}, venue: 1, entity: 'transactions', method: 'POST',
            path: 'transaction/', body, createdAt: now, attempts: 0, notBefore: 0 });
        }
        tx.oncomplete = () => { db.close(); resolve(); };
        tx.onerror = () => { db.close(); reject(tx.error); };
      };
    };
  })`);
  if ((await outboxCount(page, api.stableId)) !== DRAIN) throw new Error('drain: the outbox does not hold the writes');
  const t0 = performance.now();
  await page.context().setOffline(false);
  let left = DRAIN;
  let onServer = before;
  while (performance.now() - t0 < 120_000) {
    left = await outboxCount(page, api.stableId);
    if (left === 0) {
      onServer = await riderEntries(api);
      if (onServer - before >= DRAIN) break;
    }
    await page.waitForTimeout(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  if (left !== 0 || onServer - before !== DRAIN) {
    throw new Error(`drain: ${left} writes left, the server holds ${onServer - before} of ${DRAIN}`);
  }
  // Once each: a moment later still exactly 1,000 more.
  await page.waitForTimeout(1000);
  if ((await riderEntries(api)) - before !== DRAIN) throw new Error('drain: an entry arrived twice');
  const batches = (await page.evaluate(
    `performance.getEntriesByName('paddock:outbox-batch').slice(-50).map((e) => e.duration)`,
  )) as number[];
  console.info(
    `bench: drain, ${batches.length} batches of the outbox measured; each ${batches.length ? round(median(batches), 1) : 'n/a'} ms (median: request, answer, outcomes stored)`,
  );
  report({ name: 'floor.drain_1000_s', value: round(seconds), unit: 's', limit: { max: 5 } });
}

/**
 * floor.route_js_kb ("JavaScript of the floor routes beyond the shell, gzipped"): the
 * scripts a signed-in stable tablet downloads to open its charging screen (/stable/addTransaction)
 * with nothing cached and no service worker, less those the sign-in page loads too (the app's
 * shell), each counted as the server sends it gzipped (its .gz copy). The total as Chromium
 * received it (brotli) is printed for the reader.
 */
async function benchRouteJs(
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  signedIn: Page,
  url: string,
): Promise<void> {
  const session = (await signedIn.evaluate(
    'JSON.stringify(Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])))',
  )) as string;
  const local = (await signedIn.evaluate(
    'JSON.stringify(Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])))',
  )) as string;
  const context = await newContext({ serviceWorkers: 'block' });
  try {
    await context.addInitScript(`(() => {
      if (sessionStorage.getItem('bench.seeded')) return;
      for (const [k, v] of Object.entries(${session})) sessionStorage.setItem(k, v);
      for (const [k, v] of Object.entries(${local})) localStorage.setItem(k, v);
      sessionStorage.setItem('bench.seeded', '1');
    })()`);
    const page = await context.newPage();
    const scripts: { url: string; bytes: Promise<number>; encoding: string }[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const encoding = res.headers()['content-encoding'] ?? 'identity';
      scripts.push({
        url: res.url(),
        encoding,
        bytes: res
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      });
    });
    await page.goto(`${url}/stable/addTransaction`, { waitUntil: 'networkidle' });
    await page.locator('input[inputmode="search"]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts.map((s) => s.bytes));
    const kb = sizes.reduce((a, b) => a + b, 0) / 1024;
    const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
    // For the reader: how much of it the sign-in page loads too (the app's shell).
    const login = await newContext({ serviceWorkers: 'block' });
    const shell = new Set<string>();
    try {
      const loginPage = await login.newPage();
      loginPage.on('response', (res) => {
        if (res.request().resourceType() === 'script') shell.add(res.url());
      });
      await loginPage.goto(`${url}/login`, { waitUntil: 'networkidle' });
    } finally {
      await login.close();
    }
    const own = scripts.reduce((sum, script, i) => sum + (shell.has(script.url) ? 0 : sizes[i]!), 0) / 1024;
    const ownUrls = [...new Set(scripts.map((script) => script.url).filter((u) => !shell.has(u)))];
    const gzipped = await Promise.all(
      ownUrls.map(
        (u) =>
          new Promise<number>((resolve, reject) => {
            // node:http, not fetch(): fetch decodes the body, and the length on the wire is wanted.
            get(u, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
              if (res.headers['content-encoding'] !== 'gzip') reject(new Error(`${u} was not served gzipped`));
              let bytes = 0;
              res.on('data', (chunk: Buffer) => (bytes += chunk.length));
              res.on('end', () => resolve(bytes));
              res.on('error', reject);
            }).on('error', reject);
          }),
      ),
    );
    const ownGzipKb = gzipped.reduce((a, b) => a + b, 0) / 1024;
    const largest = scripts
      .map((script, i) => ({ name: script.url.split('/').pop(), kb: sizes[i]! / 1024 }))
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 5)
      .map((script) => `${script.name} ${round(script.kb, 1)}`)
      .join(', ');
    console.info(
      `bench: the stable's charging screen loaded ${scripts.length} scripts (content-encoding: ${encodings}); ` +
        `${round(kb, 1)} KB in all, ${round(kb - own, 1)} KB of them the sign-in page loads too, ${round(own, 1)} KB the floor's own ` +
        `(${ownUrls.length} scripts, ${round(ownGzipKb, 1)} KB gzipped); largest: ${largest}`,
    );
    report({ name: 'floor.route_js_kb', value: round(ownGzipKb, 1), unit: 'KB', limit: { max: 120 } });
  } finally {
    await context.close();
  }
}
