// `npm run bench`: builds nothing itself (run `npm run build` first, or use `npm run bench`
// which does), starts the real server and prints `bench <name> <value> <unit>` per figure.
// BENCH_ONLY=foundation|ledger|floor|invoices|payments|payouts|results|sport|livescore|sync|trust|load runs one part (the
// ledger and load parts need no build).
import { existsSync } from 'node:fs';
import { benchFloor } from './floor';
import { benchFoundation } from './foundation';
import { benchInvoices } from './invoices';
import { writeResults } from './harness';
import { benchLedger } from './ledger';
import { benchLivescore } from './livescore';
import { benchLoad } from './load';
import { benchPayments } from './payments';
import { benchFei } from './fei';
import { benchPayouts } from './payouts';
import { benchResults } from './results';
import { benchSport } from './sport';
import { benchStartlistEnter } from './startlist-enter';
import { benchSync } from './sync';
import { benchTrustSession } from './trust-session';
import { benchTrustUpload } from './trust-upload';

// What a clean machine lacks beyond npm (Chromium for the browser figures, PostgreSQL, the
// e-invoice validators' Java), installed as `npm test` does (scripts/ensure-system.mjs, plain JS).
const system = '../scripts/ensure-system.mjs';
((await import(system)) as { ensureSystemPackages: () => void }).ensureSystemPackages();

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 4290);
if (!only || only === 'foundation') {
  const dist = process.env.DIST_DIR ?? 'dist'; // the server reads DIST_DIR too
  if (!existsSync(`${dist}/index.html`)) {
    console.error(`${dist}/ is missing: run \`npm run build\` first`);
    process.exit(1);
  }
  await benchFoundation(port);
}
if (!only || only === 'ledger') await benchLedger(port);
if (!only || only === 'floor') await benchFloor(port);
if (!only || only === 'invoices') await benchInvoices(port);
if (!only || only === 'payments') await benchPayments(port);
if (!only || only === 'payouts') await benchPayouts(port);
if (!only || only === 'fei') await benchFei(port);
if (!only || only === 'results') await benchResults(port);
if (!only || only === 'sport') {
  benchSport();
  await benchStartlistEnter(port);
}
if (!only || only === 'livescore') await benchLivescore(port);
if (!only || only === 'sync') await benchSync(port);
if (!only || only === 'trust') await benchTrustSession();
if (!only || only === 'trust') await benchTrustUpload(port);
if (!only || only === 'load') await benchLoad(port);
const ok = writeResults();
console.info(ok ? 'bench: every figure within its bound' : 'bench: some figures are outside their bounds');
process.exit(ok ? 0 : 1);
