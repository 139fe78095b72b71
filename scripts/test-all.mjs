// `npm test`: everything CI checks, in one command that works on a fresh machine. It ends with
// one line "N passed, N failed". On two cores the phases that only compute run side by side, so
// that no core idles while one check finishes alone:
//   1. type check, lint, format, build, and the unit + API tests on PGlite, all at once;
//   2. the load tests, alone (what they time must be the server, not their neighbours);
//   3. the API tests whose outcome can depend on the engine (writes racing each other, notices,
//      jobs, several processes, backups: vitest.config.ts chooses them) on a real PostgreSQL
//      server, beside the browser tests in Chromium, whose pages spend most of their time waiting
//      (timers, the network, the service worker).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureSystemPackages } from './ensure-system.mjs';
import { startCluster } from './pg-cluster.mjs';

const out = 'test-results/summary';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
/** Runs counted by their reports that exited non-zero: label → exit status. */
const failedExits = new Map();

function run(label, cmd, args, env = {}) {
  console.info(`\n[test] ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.info(`[test] ${label}: exit ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.status === 0;
}

function countVitest(file, label) {
  if (!existsSync(file)) {
    failures.push(`${label} (no report)`);
    totals.failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // a suite that failed to load has no failed test but is still a failure
  const brokenFiles = r.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
  );
  totals.failed += brokenFiles.length;
  if (r.numFailedTests || brokenFiles.length) failures.push(label);
  else if (failedExits.has(label)) {
    // Every test passed, yet the run failed: an error outside the tests (vitest's "Unhandled
    // Errors"), which may have made a test pass by mistake.
    failures.push(label);
    totals.failed += 1;
    failedTests.push(
      `${label}: exit ${failedExits.get(label)} with every test passed (an unhandled error, in its output)`,
    );
  }
  for (const f of r.testResults) {
    const name = relative(process.cwd(), f.name);
    for (const a of f.assertionResults.filter((a) => a.status === 'failed'))
      failedTests.push(`${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (brokenFiles.includes(f)) failedTests.push(`${name}: ${firstLine(f.message)}`);
  }
}

/** The first line of a failure's message, where CI's tail of the output still shows it. */
const firstLine = (message) => (message ?? '').split('\n')[0].slice(0, 300);

function countPlaywright(file) {
  if (!existsSync(file)) {
    failures.push('browser tests (no report)');
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (stats.unexpected) failures.push('browser tests');
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failedTests.push(
            `${file ?? suite.file} › ${spec.title}: ${firstLine(error && stripVTControlCharacters(error))}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites ?? []) walk(suite);
}

const vitest = ['node_modules/.bin/vitest', 'run', '--reporter=default', '--reporter=json'];

/**
 * Run a check in the background, its output kept and printed when it ends. `counted`: its
 * report counts its tests (a failure is not counted once more); `env`: more environment.
 */
function checkInBackground(label, cmd, args, { counted = false, env = {} } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.info(`\n[test] ${label}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      console.info(`[test] ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0 && !counted) {
        failures.push(label);
        totals.failed += 1;
      }
      if (status !== 0 && counted) failedExits.set(label, status);
      resolve(status === 0);
    });
  });
}

/** Run a command and resolve with whether it passed, its output passed through as it comes. */
function runInForeground(label, cmd, args, env = {}) {
  console.info(`\n[test] ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (status) => {
      console.info(`[test] ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(status === 0);
    });
  });
}

ensureSystemPackages();
const phaseStarted = Date.now();
const phase = (name) =>
  console.info(`[test] phase ${name} done at ${((Date.now() - phaseStarted) / 1000).toFixed(1)} s`);

// 1. The static checks and the build are single-threaded for most of their time, and the unit and
// API tests need neither: all of them together keep both cores busy. The client tests wait for
// their conditions (no fixed delays), so a busy machine makes them slower, not red.
await Promise.all([
  checkInBackground('type check', 'npm', ['run', '--silent', 'typecheck']),
  checkInBackground('lint', 'npm', ['run', '--silent', 'lint']),
  checkInBackground('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
  checkInBackground('build', 'npm', ['run', '--silent', 'build']),
  checkInBackground(
    'unit and API tests (PGlite)',
    vitest[0],
    [
      ...vitest.slice(1),
      '--project',
      'client',
      '--project',
      'client-isolated',
      '--project',
      'server',
      `--outputFile=${out}/vitest.json`,
    ],
    { counted: true },
  ),
]);
// A failed run is counted by its report (its tests), not once more as a failed check.
countVitest(`${out}/vitest.json`, 'unit and API tests (PGlite)');
phase('static checks, build, unit and API tests');

// 2. Load tests time the server while it works: alone on the machine. The load test proper
// (load-test.load.test.ts) runs its own PostgreSQL cluster and API processes, whatever the
// database of the run: it runs once, here.
run('load tests (PGlite, alone)', vitest[0], [
  ...vitest.slice(1),
  '--project',
  'load',
  `--outputFile=${out}/vitest-load.json`,
]);
countVitest(`${out}/vitest-load.json`, 'load tests (PGlite, alone)');

const pg = startCluster(Number(process.env.TEST_PG_PORT ?? 54329));
try {
  // The uploads-while-checking-health test once more on the server a service for many venues
  // runs on, alone as before.
  run(
    'load tests (PostgreSQL, alone)',
    vitest[0],
    [
      ...vitest.slice(1),
      '--project',
      'load',
      '--exclude',
      '**/load-test.load.test.ts',
      `--outputFile=${out}/vitest-load-pg.json`,
    ],
    { TEST_DATABASE_URL: pg.url },
  );
  countVitest(`${out}/vitest-load-pg.json`, 'load tests (PostgreSQL, alone)');
  phase('load tests');

  // 3. The engine-dependent API tests on PostgreSQL beside the browser tests (which need the build).
  await Promise.all([
    checkInBackground(
      'API tests (PostgreSQL)',
      vitest[0],
      [...vitest.slice(1), '--project', 'server-pg', `--outputFile=${out}/vitest-pg.json`],
      { counted: true, env: { TEST_DATABASE_URL: pg.url } },
    ),
    existsSync('dist/index.html')
      ? runInForeground('browser tests (Chromium)', 'node_modules/.bin/playwright', ['test'], {
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
        })
      : Promise.resolve(),
  ]);
  countVitest(`${out}/vitest-pg.json`, 'API tests (PostgreSQL)');
  if (existsSync('dist/index.html')) countPlaywright(`${out}/playwright.json`);
  phase('API tests on PostgreSQL and browser tests');
} finally {
  pg.stop();
}

console.info('');
// The failed tests by name last, so that the tail of a long CI log still says which.
for (const test of failedTests) console.info(`[test] failed test: ${test}`);
if (failures.length) console.info(`[test] failed: ${failures.join(', ')}`);
if (totals.skipped) console.info(`[test] ${totals.skipped} skipped`);
console.info(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
