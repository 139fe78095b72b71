import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/client';
import { seedDemoData } from '../server/src/demo/seed';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The bound, when it names one; `max` or `min`. */
  limit?: { max?: number; min?: number };
}

const figures: Figure[] = [];

/** Print `bench <name> <value> <unit>` and remember it for bench-results.json. */
export function report(figure: Figure): void {
  figures.push(figure);
  const bound =
    figure.limit?.max !== undefined
      ? ` (max ${figure.limit.max})`
      : figure.limit?.min !== undefined
        ? ` (min ${figure.limit.min})`
        : '';
  console.info(`bench ${figure.name} ${figure.value} ${figure.unit}${bound}`);
}

export function writeResults(file = 'bench-results.json'): boolean {
  const results = figures.map((f) => ({
    ...f,
    ok:
      (f.limit?.max === undefined || f.value <= f.limit.max) && (f.limit?.min === undefined || f.value >= f.limit.min),
  }));
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n');
  return results.every((r) => r.ok);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Seconds from spawn until /api/ready answered 200 (listening, and warmed up). */
  readySeconds: number;
  stop(): Promise<void>;
}

/**
 * Start the real server (`node --import tsx server/src/main.ts`) and wait for /api/ready: it
 * answers 503 while the server warms up (server/src/lifecycle.ts), and a figure measured
 * before then would count the warm-up's work.
 */
const START_LIMIT_MS = 180_000;

export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/src/main.ts'],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds its database: room for a machine three times slower,
  // busy with other tests beside it.
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready within ${START_LIMIT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const readySeconds = (performance.now() - started) / 1000;
  return {
    url,
    process: child,
    readySeconds,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Exec = (text: string) => Promise<unknown>;

/**
 * A fresh embedded database for one bench part: migrated, the demo's people (no show day), then
 * `seed` (plain SQL, before the server opens the directory: one process may open a PGlite).
 * Removed again if seeding fails; otherwise the caller removes `dataDir`.
 */
export async function seededDataDir<T>(
  part: string,
  seed: (exec: Exec) => Promise<T>,
): Promise<{ dataDir: string; seeded: T }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `paddock-bench-${part}-`));
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await database.migrate();
      await seedDemoData(database.db, 1024, { show: false });
      return { dataDir, seeded: await seed((text) => database.db.execute(text)) };
    } finally {
      await database.close();
    }
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The demo admin's bearer token on a bench server. */
export async function adminToken(url: string): Promise<string> {
  const auth = await fetch(`${url}/api/token/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'paddock-demo' }),
  });
  return ((await auth.json()) as { token: string }).token;
}
