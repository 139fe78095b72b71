// `npm test`: everything CI checks, in one command that works on a fresh machine.
// type check → lint → format → build → unit + API tests on PGlite → load tests, alone → API and
// load tests on a real PostgreSQL server → browser tests in Chromium; ends with one line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureSystemPackages } from './ensure-system.mjs';
import { startCluster } from './pg-cluster.mjs';

const out = 'test-results/summary';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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
}

function countPlaywright(file) {
  if (!existsSync(file)) {
    failures.push('browser tests (no report)');
    totals.failed += 1;
    return;
  }
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (stats.unexpected) failures.push('browser tests');
}

const vitest = ['node_modules/.bin/vitest', 'run', '--reporter=default', '--reporter=json'];

/** Run a check in the background, its output kept and printed when it ends. */
function checkInBackground(label, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.info(`\n[test] ${label}: ${cmd} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      console.info(`[test] ${label}: exit ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status !== 0) {
        failures.push(label);
        totals.failed += 1;
      }
      resolve();
    });
  });
}

ensureSystemPackages();
// The three static checks are single-threaded: side by side they take the time of the longest.
await Promise.all([
  checkInBackground('type check', 'npm', ['run', '--silent', 'typecheck']),
  checkInBackground('lint', 'npm', ['run', '--silent', 'lint']),
  checkInBackground('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
]);
if (!run('build', 'npm', ['run', '--silent', 'build'])) {
  failures.push('build');
  totals.failed += 1;
}

run('unit and API tests (PGlite)', vitest[0], [
  ...vitest.slice(1),
  '--project',
  'client',
  '--project',
  'server',
  `--outputFile=${out}/vitest.json`,
]);
countVitest(`${out}/vitest.json`, 'unit and API tests (PGlite)');

// Load tests time the server while it works: alone on the machine, so that what they measure is
// the server and not the tests beside them.
run('load tests (PGlite, alone)', vitest[0], [
  ...vitest.slice(1),
  '--project',
  'load',
  `--outputFile=${out}/vitest-load.json`,
]);
countVitest(`${out}/vitest-load.json`, 'load tests (PGlite, alone)');

const pg = startCluster(Number(process.env.TEST_PG_PORT ?? 54329));
try {
  run(
    'API tests (PostgreSQL)',
    vitest[0],
    [...vitest.slice(1), '--project', 'server', `--outputFile=${out}/vitest-pg.json`],
    {
      TEST_DATABASE_URL: pg.url,
    },
  );
  countVitest(`${out}/vitest-pg.json`, 'API tests (PostgreSQL)');
  // The load tests once more on the server a service for many venues runs on, alone as before.
  run(
    'load tests (PostgreSQL, alone)',
    vitest[0],
    [...vitest.slice(1), '--project', 'load', `--outputFile=${out}/vitest-load-pg.json`],
    { TEST_DATABASE_URL: pg.url },
  );
  countVitest(`${out}/vitest-load-pg.json`, 'load tests (PostgreSQL, alone)');
} finally {
  pg.stop();
}

if (existsSync('dist/index.html')) {
  run('browser tests (Chromium)', 'node_modules/.bin/playwright', ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  countPlaywright(`${out}/playwright.json`);
}

console.info('');
if (failures.length) console.info(`[test] failed: ${failures.join(', ')}`);
if (totals.skipped) console.info(`[test] ${totals.skipped} skipped`);
console.info(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
