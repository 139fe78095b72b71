import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright';
import { openDatabase } from '../server/src/db/client';
import { seedDemoData } from '../server/src/db/seed';
import { report, round, startServer } from './harness';
import { seedLedger, type Exec } from './ledger-seed';

/**
 * Issue 4's figure: the first pull of a venue with 5,000 participants, 5,000 horses and 50,000
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
 * (-1 before). The snapshot's entries sit in pages (their ids indexed), later ones one per
 * record. Plain JavaScript text: the page must not see the bundler's helpers.
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
          const ids = IDBKeyRange.bound([${venue}, -Infinity], [${venue}, []]);
          const paged = tx.objectStore('transactionPages').index('ids').count(ids);
          paged.onsuccess = () => {
            const single = tx.objectStore('transactions').index('venue').count(${venue});
            single.onsuccess = () => finish(paged.result + single.result);
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
      const t0 = performance.now();
      await page.locator('button[type="submit"]').first().click();
      let stored = -1;
      while (stored < TRANSACTIONS && performance.now() - t0 < 60_000) {
        await page.waitForTimeout(50);
        stored = await storedTransactions(page, 1);
      }
      const seconds = (performance.now() - t0) / 1000;
      if (stored < TRANSACTIONS) throw new Error(`the first pull stored ${stored} transactions in 60 s`);
      console.info(`bench: the first pull stored ${stored} transactions`);
      report({ name: 'floor.first_pull_s', value: round(seconds), unit: 's', limit: { max: 5 } });
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
