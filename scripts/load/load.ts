import { parseArgs } from 'node:util';
import { loadPassed, reportLines } from './report';
import { DEFAULT_OPTIONS, runLoad, type LoadOptions } from './run';

/**
 * `npm run load [-- --tablets=500 --office=5 --spectators=2000 --workers=2 --seconds=60 …]`:
 * a championship weekend against the real server on a PostgreSQL of its own, on 127.0.0.1.
 * Exits 1 when a write was lost or doubled, the ledger check or a balance is wrong, or any
 * request failed.
 */

const NUMBERS = {
  tablets: 'simulated floor tablets',
  office: 'office users',
  spectators: "live page's websocket clients",
  workers: 'API processes (WORKERS)',
  seconds: 'length of the measured window',
  'writes-per-minute': 'writes per tablet and minute, on average',
  'backlog-share': 'share of tablets coming back online with a backlog',
  backlog: 'writes queued on each of those',
  'lost-share': 'share of batches whose answer is lost',
  'pull-every': 'seconds between periodic pulls',
  'result-every': 'seconds between saved results',
  'tablets-per-login': 'tablets sharing one floor login',
  riders: 'riders at the show',
  port: 'API port (0: a free one)',
  'pg-port': 'PostgreSQL port (0: a free one)',
  seed: 'seed of the pseudo-random mix',
  'scrypt-n': 'scrypt cost of the logins and the server (SCRYPT_N)',
} as const;

const OPTION_OF: Record<keyof typeof NUMBERS, keyof LoadOptions> = {
  tablets: 'tablets',
  office: 'office',
  spectators: 'spectators',
  workers: 'workers',
  seconds: 'seconds',
  'writes-per-minute': 'writesPerMinute',
  'backlog-share': 'backlogShare',
  backlog: 'backlog',
  'lost-share': 'lostShare',
  'pull-every': 'pullEverySeconds',
  'result-every': 'resultEverySeconds',
  'tablets-per-login': 'tabletsPerLogin',
  riders: 'riders',
  port: 'port',
  'pg-port': 'pgPort',
  seed: 'seed',
  'scrypt-n': 'scryptN',
};

const { values } = parseArgs({
  options: {
    ...Object.fromEntries(Object.keys(NUMBERS).map((name) => [name, { type: 'string' as const }])),
    'no-fsync': { type: 'boolean' },
    'no-raw': { type: 'boolean' },
    'no-invoice-run': { type: 'boolean' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.info('npm run load -- [options]');
  for (const [name, what] of Object.entries(NUMBERS)) {
    const key = OPTION_OF[name as keyof typeof NUMBERS];
    console.info(`  --${name.padEnd(18)} ${what} (${String(DEFAULT_OPTIONS[key])})`);
  }
  console.info('  --no-fsync           PostgreSQL without fsync and synchronous commit (as the tests run it)');
  console.info('  --no-raw             skip the raw-INSERT ceiling');
  console.info('  --no-invoice-run     the office starts no invoice run');
  process.exit(0);
}

const options: Partial<LoadOptions> = {};
for (const name of Object.keys(NUMBERS) as (keyof typeof NUMBERS)[]) {
  const text = (values as Record<string, string | undefined>)[name];
  if (text === undefined) continue;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name}: not a number: ${text}`);
    process.exit(2);
  }
  (options as Record<string, number>)[OPTION_OF[name]] = value;
}
if (values['no-fsync']) options.durable = false;
if (values['no-raw']) options.rawCeiling = false;
if (values['no-invoice-run']) options.invoiceRun = false;

const report = await runLoad(options);
for (const line of reportLines(report)) console.info(line);
process.exit(loadPassed(report) ? 0 : 1);
