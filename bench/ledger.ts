import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { seedDemoData } from '../server/src/demo/seed';
import pg from 'pg';
import { createDatabase, startCluster, type Cluster } from './postgres';
import { median, report, round, startServer } from './harness';
import { client, httpPoster, httpReader, signIn, type Client } from './ledger-http';
import { rawPglite, rawPostgres, type Post, type Poster } from './ledger-raw';
import { seedLedger, seedPriceList, type Exec } from './ledger-seed';

/** The figures: posting throughput against raw INSERTs, balances overview, balance check. */

const POSTS = 2000;
const ROUNDS = 4;
const CONCURRENCY = 8;
const SERVER_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '1000000' };

/** Migrates, seeds the demo data and runs `extra`, before the server opens the database. */
async function prepare<T>(
  config: { databaseUrl: string | null; dataDir: string },
  extra: (exec: Exec) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDemoData(database.db, 1024);
    return await extra((text) => database.db.execute(text));
  } finally {
    await database.close();
  }
}

/** Runs per second of each, in alternating rounds, so a change of load on the machine hits all alike. */
async function interleaved(runs: Poster[], total: number): Promise<number[]> {
  for (const run of runs) await run(100, CONCURRENCY); // warm-up
  const seconds = runs.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, run] of runs.entries()) seconds[i]! += await run(total / ROUNDS, CONCURRENCY);
  }
  return seconds.map((s) => total / s);
}

async function benchPostRatio(cluster: Cluster, port: number): Promise<void> {
  const url = await createDatabase(cluster.url, 'bench_post');
  const consumable = await prepare({ databaseUrl: url, dataDir: tmpdir() }, seedPriceList);
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: url }, port);
  const api = client(server.url, CONCURRENCY);
  try {
    const { post, sample } = await httpPoster(api, 'pg', consumable, CONCURRENCY);
    const raw = await rawPostgres(url, sample, CONCURRENCY);
    try {
      const [perSecond = 0, rawPerSecond = 1, readPerSecond = 0] = await interleaved(
        [post, raw.post, await httpReader(api, '/api/v1/venue/1/')],
        POSTS,
      );
      report({ name: 'ledger.post_per_s_pg', value: round(perSecond, 0), unit: 'posts/s' });
      report({ name: 'ledger.post_raw_per_s_pg', value: round(rawPerSecond, 0), unit: 'posts/s' });
      report({
        name: 'ledger.post_ratio_pg',
        value: round(perSecond / rawPerSecond),
        unit: 'ratio',
        limit: { min: 0.4 },
      });
      // The same ratio for an authenticated GET of one row: the ceiling of any endpoint here.
      report({ name: 'ledger.floor_ratio_pg', value: round(readPerSecond / rawPerSecond), unit: 'ratio' });
    } finally {
      await raw.close();
    }
  } finally {
    api.close();
    await server.stop();
  }
}

async function timeGets(api: Client, url: string, token: string, times: number): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const res = await api.request('GET', url, { authorization: `Bearer ${token}` });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.body}`);
    timings.push(performance.now() - t0);
  }
  return timings;
}

/** A venue of 2,000 parties and 200,000 entries; then 1,000,000 postings in all for the check. */
async function benchBalances(cluster: Cluster, port: number): Promise<void> {
  const url = await createDatabase(cluster.url, 'bench_balances');
  await prepare({ databaseUrl: url, dataDir: tmpdir() }, (exec) => seedLedger(exec, 1, 2000, 200_000));
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: url }, port);
  const api = client(server.url, CONCURRENCY);
  try {
    const token = await signIn(api);
    await timeGets(api, '/api/v1/balance/?venue=1', token, 5);
    const balances = await timeGets(api, '/api/v1/balance/?venue=1', token, 30);
    report({ name: 'ledger.balances_p50_ms', value: round(median(balances), 1), unit: 'ms', limit: { max: 100 } });

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows: venue } = await db.query<{ id: number }>(
        `INSERT INTO venues (name, currency) VALUES ('Bench check', 'EUR') RETURNING id`,
      );
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM postings');
      // About 2.9 postings per entry (charges post three, payments two).
      const entries = Math.ceil((1_000_000 - Number(rows[0]!.n)) / 2.9);
      await seedLedger((text) => db.query(text), venue[0]!.id, 1000, entries);
      const { rows: total } = await db.query<{ n: string }>('SELECT count(*) AS n FROM postings');
      console.info(`bench: the balance check reads ${total[0]!.n} postings`);
    } finally {
      await db.end();
    }
    const checks = await timeGets(api, '/api/v1/balance/check/', token, 3);
    report({ name: 'ledger.check_1m_s', value: round(median(checks) / 1000), unit: 's', limit: { max: 10 } });
  } finally {
    api.close();
    await server.stop();
  }
}

/** The same posting run on the embedded database; raw INSERTs in-process once the server stopped. */
async function benchPglite(port: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-bench-ledger-'));
  try {
    const consumable = await prepare({ databaseUrl: null, dataDir }, seedPriceList);
    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir }, port);
    const api = client(server.url, CONCURRENCY);
    let perSecond = 0;
    let sample: Post;
    try {
      const http = await httpPoster(api, 'pglite', consumable, CONCURRENCY);
      sample = http.sample;
      perSecond = POSTS / 4 / (await http.post(POSTS / 4, CONCURRENCY));
    } finally {
      api.close();
      await server.stop();
    }
    report({ name: 'ledger.post_per_s_pglite', value: round(perSecond, 0), unit: 'posts/s' });
    const raw = await rawPglite(path.join(dataDir, 'pglite'), sample);
    try {
      await raw.post(100, 1);
      const rawPerSecond = POSTS / 4 / (await raw.post(POSTS / 4, 1));
      report({ name: 'ledger.post_ratio_pglite', value: round(perSecond / rawPerSecond), unit: 'ratio' });
    } finally {
      await raw.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchLedger(port: number): Promise<void> {
  const cluster = await startCluster(54400 + (process.pid % 500));
  try {
    await benchPostRatio(cluster, port);
    await benchBalances(cluster, port);
  } finally {
    cluster.stop();
  }
  await benchPglite(port);
}
