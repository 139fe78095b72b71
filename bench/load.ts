import { report, round } from './harness';
import { reportLines, spectatorsP99, writeSummary } from '../scripts/load/report';
import { runLoad, type LoadReport } from '../scripts/load/run';

/**
 * The figures of a championship weekend (`npm run load`, scripts/load/): 500 simulated floor
 * tablets for 60 s — a tenth coming back online with 50 queued writes, 2 % of answers lost and
 * the batch sent again, a pull 30 s after the last — against 2 API processes on one PostgreSQL with its
 * durable defaults; then the same tablets with 2,000 spectators on the live page, a result saved
 * every 3 s. (`npm run load` has the office at work too: lists, balances, an invoice run.) Each run ends with its
 * proof: every write in the database exactly once, the ledger check ok, each charged rider's
 * balance what was sent.
 */

function proof(name: string, run: LoadReport): void {
  report({ name: `${name}_lost`, value: run.outcome.lost, unit: 'writes', limit: { max: 0 } });
  report({ name: `${name}_doubled`, value: run.outcome.doubled, unit: 'writes', limit: { max: 0 } });
  report({
    name: `${name}_errors`,
    value:
      run.stats.errorCount +
      (run.outcome.ledgerOk ? 0 : 1) +
      run.outcome.balancesWrong +
      Math.max(0, run.spectators?.missing ?? 0),
    unit: 'errors',
    limit: { max: 0 },
  });
}

export async function benchLoad(port: number): Promise<void> {
  const log = (line: string) => console.info(`bench: ${line}`);
  const tablets = await runLoad({ port: port + 100, office: 0, spectators: 0, log });
  for (const line of reportLines(tablets)) log(line);
  const writes = writeSummary(tablets);
  report({ name: 'load.tablets_500_p99_ms', value: round(writes?.p99 ?? NaN, 0), unit: 'ms', limit: { max: 250 } });
  report({ name: 'load.cpu_ms_per_write', value: round(tablets.cpuMsPerWrite), unit: 'ms', limit: { max: 4 } });
  report({
    name: 'load.tablets_500_writes_per_s',
    value: round(tablets.acceptedInWindow / tablets.windowSeconds, 1),
    unit: 'writes/s',
  });
  if (tablets.rawPostsPerSecond !== null) {
    report({
      name: 'load.tablets_500_ratio_raw',
      value: round(tablets.acceptedInWindow / tablets.windowSeconds / tablets.rawPostsPerSecond, 3),
      unit: 'ratio',
    });
  }
  proof('load.tablets_500', tablets);

  // The live page while the tablets write and the results desk saves a result every 3 s.
  const live = await runLoad({ port: port + 100, office: 0, rawCeiling: false, log });
  for (const line of reportLines(live)) log(line);
  report({
    name: 'load.spectators_2000_p99_ms',
    value: round(spectatorsP99(live), 0),
    unit: 'ms',
    limit: { max: 1000 },
  });
  proof('load.spectators_2000', live);
}
