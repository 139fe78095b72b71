import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BalanceCheck } from '@shared/schemas/ledger';
import { rawPostgres } from '../../bench/ledger-raw';
import { createDatabase, socketUrl, startCluster, type Cluster } from '../../bench/postgres';
import { Book } from './book';
import { cpuBetween, postmasterPid, readCpu, type CpuReading } from './cpu';
import { HttpClient, json } from './http';
import { OfficeUser, ResultsDesk, signInOffice } from './office';
import { profileWorkers } from './profile';
import { seededRandom } from './random';
import { FLOOR_KINDS, seedShow, VENUE, type FloorKind } from './seed';
import { Spectators } from './spectators';
import { Stats } from './stats';
import { Tablet, type TabletWorld } from './tablet';
import { verifyOutcome, type Outcome } from './verify';

/**
 * One load run, bounded in time and on 127.0.0.1 only: a PostgreSQL cluster of its own (with
 * its durable defaults unless told otherwise), the show seeded, the real server with `workers`
 * API processes, then the simulated tablets, office users and spectators for `seconds`, a drain
 * of what is still queued, the proof of the outcome, and the raw-INSERT ceiling of the same
 * PostgreSQL. Everything it started is stopped again, also when it fails.
 */

export interface LoadOptions {
  tablets: number;
  office: number;
  spectators: number;
  workers: number;
  seconds: number;
  /** Writes per tablet and minute, on average (a Poisson process per tablet). */
  writesPerMinute: number;
  /** Share of the tablets that start offline with `backlog` queued writes and come back during the run. */
  backlogShare: number;
  backlog: number;
  /** Share of batches whose answer is lost on the way (the tablet sends them again). */
  lostShare: number;
  pullEverySeconds: number;
  resultEverySeconds: number;
  /** Tablets that share one floor login. */
  tabletsPerLogin: number;
  riders: number;
  /** 0: a free one (PostgreSQL's among 55,000–55,999, away from the other figures' clusters). */
  port: number;
  pgPort: number;
  durable: boolean;
  /** Also measure the raw-INSERT ceiling of the cluster afterwards. */
  rawCeiling: boolean;
  /** The first office user starts the invoice run in the middle of the window. */
  invoiceRun: boolean;
  seed: number;
  /** scrypt cost of the seeded logins' password hashes and the server's (SCRYPT_N). */
  scryptN: number;
  log: (line: string) => void;
}

/** The supervisor's inspector port with LOAD_PROFILE (worker n: this + n; opened only on SIGUSR1). */
const INSPECT_PORT = 9300;

export const DEFAULT_OPTIONS: LoadOptions = {
  tablets: 500,
  office: 5,
  spectators: 2000,
  workers: 2,
  seconds: 60,
  writesPerMinute: 3,
  backlogShare: 0.1,
  backlog: 50,
  lostShare: 0.02,
  pullEverySeconds: 30,
  resultEverySeconds: 3,
  tabletsPerLogin: 20,
  riders: 1000,
  port: 0,
  pgPort: 0,
  durable: true,
  rawCeiling: true,
  invoiceRun: true,
  seed: 1,
  scryptN: 8192,
  log: (line) => console.info(line),
};

export interface LoadReport {
  options: Omit<LoadOptions, 'log'>;
  stats: Stats;
  outcome: Outcome;
  /** Writes accepted while the window was open, and the window's length. */
  acceptedInWindow: number;
  windowSeconds: number;
  requests: number;
  cpu: CpuReading;
  cpuMsPerWrite: number;
  spectators: { connected: number; saves: number; latencies: number[]; missing: number; closed: number } | null;
  rawPostsPerSecond: number | null;
  tabletsByKind: Record<FloorKind, number>;
}

/** The real server with `workers` API processes on one port; resolves once /api/ready answers. */
export async function startServer(options: LoadOptions, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  // LOAD_NODE_ARGS: more arguments for the API processes, e.g. `--cpu-prof` (workers inherit them).
  const nodeArgs = process.env.LOAD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  if (process.env.LOAD_PROFILE) nodeArgs.push(`--inspect-port=${INSPECT_PORT}`);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATABASE_URL: databaseUrl,
      WORKERS: String(options.workers),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      QR_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SCRYPT_N: String(options.scryptN),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const http = new HttpClient(`http://127.0.0.1:${options.port}`, 1);
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await http.request({ method: 'GET', path: '/api/ready' })).status === 200) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    http.close();
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `jobs` with at most `concurrency` at a time. */
async function inTurns<T>(items: T[], concurrency: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await job(items[next++]!);
    }),
  );
}

function tabletKinds(count: number): FloorKind[] {
  // Seven in ten tablets are the stables'; the welcome desk, sign-in and vet-check a tenth each.
  const pattern: FloorKind[] = ['stable', 'stable', 'stable', 'stable', 'stable', 'stable', 'stable'];
  pattern.push('welcomedesk', 'signin', 'vetcheck');
  return Array.from({ length: count }, (_, i) => pattern[i % pattern.length]!);
}

/** A port nothing listens on at 127.0.0.1: `preferred`, else one of `from` … `from + 999`. */
async function freePort(preferred: number, from: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  if (preferred && (await free(preferred))) return preferred;
  for (let i = 0; i < 50; i++) {
    const port = from + Math.floor(Math.random() * 1000);
    if (await free(port)) return port;
  }
  throw new Error(`no free port in ${from}–${from + 999}`);
}

export async function runLoad(partial: Partial<LoadOptions> = {}): Promise<LoadReport> {
  const given = { ...DEFAULT_OPTIONS, ...partial };
  const options = {
    ...given,
    port: await freePort(given.port, 46_000),
    pgPort: await freePort(given.pgPort, 55_000),
  };
  const { log } = options;
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const started = performance.now();
    // LOAD_PG_OPTIONS: more PostgreSQL settings, e.g. for profiling (pg_stat_statements).
    const cluster: Cluster = await startCluster(options.pgPort, {
      durable: options.durable,
      options: process.env.LOAD_PG_OPTIONS ?? '',
    });
    cleanups.push(() => cluster.stop());
    const url = await createDatabase(cluster.url, 'paddock_load');
    const kinds = tabletKinds(options.tablets);
    const tabletsByKind = Object.fromEntries(
      FLOOR_KINDS.map((kind) => [kind, kinds.filter((k) => k === kind).length]),
    ) as Record<FloorKind, number>;
    const logins = Object.fromEntries(
      FLOOR_KINDS.map((kind) => [kind, Math.ceil(tabletsByKind[kind] / options.tabletsPerLogin)]),
    ) as Record<FloorKind, number>;
    const show = await seedShow(url, { riders: options.riders, logins, scryptN: options.scryptN });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-load-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // The API runs on PostgreSQL's machine, so it connects through the Unix socket.
    const server = await startServer(options, socketUrl(url, cluster.socketDir), dataDir);
    cleanups.push(() => stopServer(server));
    const base = `http://127.0.0.1:${options.port}`;
    log(
      `load: PostgreSQL ${options.durable ? 'with its durable defaults' : 'without fsync'}, ${options.workers} API ` +
        `process(es), the show seeded (${options.riders} riders) and ready in ${Math.round((performance.now() - started) / 1000)} s`,
    );

    const stats = new Stats();
    const book = new Book();
    const random = seededRandom(options.seed);
    let windowOpen = false;
    const world: TabletWorld = {
      http: base,
      stats,
      book,
      show,
      random,
      lostShare: options.lostShare,
      pullEveryMs: options.pullEverySeconds * 1000,
      inWindow: () => windowOpen,
    };
    const used = new Map<FloorKind, number>();
    const tablets = kinds.map((kind, i) => {
      const n = used.get(kind) ?? 0;
      used.set(kind, n + 1);
      const login = show.logins[kind][Math.floor(n / options.tabletsPerLogin)]!;
      const tablet = new Tablet(world, kind, login);
      return { tablet, returning: i % Math.round(1 / Math.max(options.backlogShare, 1e-9)) === 0 };
    });
    cleanups.push(() => tablets.forEach(({ tablet }) => tablet.close()));
    if (options.backlogShare <= 0) for (const t of tablets) t.returning = false;

    // Setup: each tablet signs in (a few at a time: sign-ins hash a password), registers and pulls.
    const setupStart = performance.now();
    await inTurns(tablets, 4, ({ tablet }) => tablet.signIn());
    log(
      `load: ${tablets.length} tablets signed in, registered and pulled in ${Math.round((performance.now() - setupStart) / 1000)} s`,
    );

    const office = await Promise.all(
      Array.from(
        { length: options.office },
        async () => new OfficeUser(base, await signInOffice(base, 'organizer', stats), stats, show, random),
      ),
    );
    cleanups.push(() => office.forEach((o) => o.close()));
    let spectators: Spectators | null = null;
    let desk: ResultsDesk | null = null;
    let connected = 0;
    if (options.spectators > 0) {
      spectators = new Spectators({
        url: `ws://127.0.0.1:${options.port}/api/graphql`,
        venue: VENUE,
        count: options.spectators,
      });
      cleanups.push(() => spectators?.close());
      const ready = await spectators.ready();
      if (ready.type !== 'ready') throw new Error('the spectators thread failed');
      connected = ready.connected;
      if (ready.failed) stats.error('spectator-connect', 0, `${ready.failed} of ${options.spectators}`);
      log(`load: ${connected} spectators on the live page`);
      const token = await signInOffice(base, 'organizer', stats);
      desk = new ResultsDesk(base, token, stats, show, (entry, at) => spectators!.saved(entry, at));
      cleanups.push(() => desk?.close());
    }

    // LOAD_PG_STATEMENTS=<file>: the window's statements by total time, from pg_stat_statements
    // (start PostgreSQL with it: LOAD_PG_OPTIONS='-c shared_preload_libraries=pg_stat_statements').
    const statementsFile = process.env.LOAD_PG_STATEMENTS;
    if (statementsFile) await topStatements(url, null);

    // The window.
    const apiPid = server.pid!;
    const pgPid = postmasterPid(cluster.data);
    // LOAD_PROFILE=<dir>: each API process's CPU profile of the window (profile.ts).
    const stopProfile = process.env.LOAD_PROFILE
      ? await profileWorkers(apiPid, INSPECT_PORT, process.env.LOAD_PROFILE)
      : null;
    stats.recording = true;
    windowOpen = true;
    const cpu0 = readCpu(apiPid, pgPid);
    const t0 = performance.now();
    const windowMs = options.seconds * 1000;
    const returning = tablets.filter((t) => t.returning);
    for (const { tablet, returning: back } of tablets) {
      if (back) tablet.goOffline(options.backlog);
      tablet.start(options.writesPerMinute);
    }
    // The ones coming back do so between a tenth and six tenths of the window.
    const comebacks = returning.map(
      ({ tablet }) =>
        new Promise<void>((resolve) =>
          setTimeout(() => void tablet.comeBack().finally(resolve), windowMs * (0.1 + random() * 0.5)),
        ),
    );
    for (const user of office) user.start();
    if (office[0] && options.invoiceRun) setTimeout(() => office[0]!.startInvoiceRun(), windowMs / 2);
    desk?.start(options.resultEverySeconds * 1000);
    await new Promise((r) => setTimeout(r, windowMs));
    const cpu1 = readCpu(apiPid, pgPid);
    await stopProfile?.();
    if (statementsFile) await topStatements(url, statementsFile);
    const windowSeconds = (performance.now() - t0) / 1000;
    windowOpen = false;
    const acceptedInWindow = book.acceptedInWindow;
    const requests = stats.requests;
    stats.recording = false;

    // Afterwards: no new writes; what is queued goes; the invoice run ends; the spectators report.
    for (const { tablet } of tablets) tablet.stop();
    for (const user of office) user.stop();
    desk?.stop();
    await Promise.all(comebacks);
    const drainDeadline = performance.now() + 60_000;
    await Promise.all(tablets.map(({ tablet }) => tablet.drain(drainDeadline)));
    const queued = tablets.reduce((n, { tablet }) => n + tablet.pending, 0);
    if (queued) stats.error('drain', 0, `${queued} writes still queued`);
    await Promise.all(office.map((o) => o.invoiceRun));
    await new Promise((r) => setTimeout(r, 2_000)); // the last result's way to every spectator
    const live = spectators ? await spectators.finish() : null;

    const admin = await signInOffice(base, 'admin', stats);
    const http = new HttpClient(base, 1);
    cleanups.push(() => http.close());
    const outcome = await verifyOutcome(
      url,
      book,
      tablets.map(({ tablet }) => tablet.deviceId),
      async () =>
        json<BalanceCheck>(
          await http.request({
            method: 'GET',
            path: '/api/v1/balance/check/',
            headers: { authorization: `Bearer ${admin}` },
          }),
        ),
    );

    let rawPostsPerSecond: number | null = null;
    if (options.rawCeiling) rawPostsPerSecond = await rawCeiling(url);

    const cpu = cpuBetween(cpu0, cpu1);
    return {
      options: { ...options, log: undefined } as unknown as LoadReport['options'],
      stats,
      outcome,
      acceptedInWindow,
      windowSeconds,
      requests,
      cpu,
      cpuMsPerWrite: (cpu.apiMs + cpu.postgresMs) / Math.max(1, acceptedInWindow),
      spectators: live
        ? { connected, saves: live.saves, latencies: live.latencies, missing: live.missing, closed: live.closed }
        : null,
      rawPostsPerSecond,
      tabletsByKind,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error('load: cleaning up failed', err);
      }
    }
  }
}

/**
 * The raw-INSERT ceiling of the same PostgreSQL (bench/ledger-raw.ts): a charge's rows — its
 * entry, postings and idempotency key, modelled on one the tablets wrote — one plain INSERT per
 * row, eight connections; posts per second.
 */
async function rawCeiling(url: string): Promise<number> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  let sample: { id: number; body: string };
  try {
    const { rows } = await client.query<{ id: number; body: string }>(
      `SELECT t.id, k.response::text AS body FROM transactions t
       JOIN idempotency_keys k ON k.key = t.idempotency_key
       WHERE t.kind = 'charge' AND t.source = 'stable' ORDER BY t.id DESC LIMIT 1`,
    );
    if (!rows[0]) throw new Error('no charge to model the raw INSERTs on');
    sample = { id: Number(rows[0].id), body: String(rows[0].body) };
  } finally {
    await client.end();
  }
  const raw = await rawPostgres(url, sample, 8);
  try {
    await raw.post(200, 8);
    const posts = 2000;
    return posts / (await raw.post(posts, 8));
  } finally {
    await raw.close();
  }
}

/** Resets pg_stat_statements (file null), or writes its statements by total time to `file`. */
async function topStatements(url: string, file: string | null): Promise<void> {
  const pg = await import('pg');
  const { writeFileSync } = await import('node:fs');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    if (file === null) {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT pg_stat_statements_reset()');
      return;
    }
    const { rows } = await client.query<{ calls: string; total: number; mean: number; query: string }>(
      `SELECT calls, round(total_exec_time)::float AS total, round(mean_exec_time::numeric, 3)::float AS mean,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 300) AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time DESC LIMIT 40`,
    );
    // Tables read whole, most first: a hot statement without its index shows here.
    const scans = await client.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string }>(
      `SELECT relname, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables
       WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 15`,
    );
    writeFileSync(
      file,
      [
        ...rows.map((r) => `${r.total} ms  ${r.calls}×  ${r.mean} ms  ${r.query}`),
        '',
        'sequential scans (since the cluster started): table, scans, rows read, index scans',
        ...scans.rows.map((r) => `${r.relname}  ${r.seq_scan}  ${r.seq_tup_read}  ${r.idx_scan}`),
      ].join('\n') + '\n',
    );
  } finally {
    await client.end();
  }
}
