import type { LoadReport } from './run';
import { percentile } from './stats';

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');

/** The spectators' p99 from a saved result to every client (ms), or NaN without spectators. */
export function spectatorsP99(report: LoadReport): number {
  const latencies = report.spectators?.latencies ?? [];
  return percentile(
    [...latencies].sort((a, b) => a - b),
    99,
  );
}

/** Every batched push, a backlog's included: the figure a write's latency is judged by. */
export const WRITE_KINDS = ['write', 'write (backlog)'] as const;
export const writeSummary = (report: LoadReport) => report.stats.summaryOf('every write', WRITE_KINDS);

/** Is the run's outcome what it must be: nothing lost or doubled, ledger and balances right, no errors? */
export const loadPassed = (report: LoadReport): boolean =>
  report.outcome.ok && report.stats.errorCount === 0 && (report.spectators?.missing ?? 0) === 0;

/** The run as lines: what ran, throughput, latencies per kind, errors, the outcome, CPU, the ceiling. */
export function reportLines(report: LoadReport): string[] {
  const { options: o, stats, outcome } = report;
  const lines: string[] = [];
  const kinds = Object.entries(report.tabletsByKind)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  lines.push(
    `load: ${o.tablets} tablets (${kinds}; ${Math.round(o.backlogShare * 100)} % back online with ${o.backlog} queued writes, ` +
      `${o.writesPerMinute} writes a minute each, ${Math.round(o.lostShare * 100)} % of answers lost, a pull ${o.pullEverySeconds} s after the last), ` +
      `${o.office} office users, ${report.spectators?.connected ?? 0} spectators; ${o.workers} API processes, ` +
      `${report.windowSeconds.toFixed(1)} s`,
  );
  lines.push(
    `load: throughput ${(report.acceptedInWindow / report.windowSeconds).toFixed(1)} writes/s accepted ` +
      `(${report.acceptedInWindow} in the window), ${(report.requests / report.windowSeconds).toFixed(1)} requests/s`,
  );
  lines.push('load: latency (ms)              count     p50     p95     p99     max');
  const all = writeSummary(report);
  for (const s of [...stats.summaries(), ...(all ? [all] : [])]) {
    lines.push(
      `load:   ${s.kind.padEnd(24)} ${String(s.count).padStart(7)} ${ms(s.p50).padStart(7)} ${ms(s.p95).padStart(7)} ` +
        `${ms(s.p99).padStart(7)} ${ms(s.max).padStart(7)}`,
    );
  }
  for (const [kind, v] of stats.volume) {
    lines.push(
      `load:   ${kind} bytes: ${(v.wire / 1e6).toFixed(1)} MB on the wire, ${(v.body / 1e6).toFixed(1)} MB read`,
    );
  }
  if (report.spectators) {
    const sorted = [...report.spectators.latencies].sort((a, b) => a - b);
    lines.push(
      `load: live page: ${report.spectators.saves} results saved to ${report.spectators.connected} spectators: ` +
        `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)} ms ` +
        `from the save to each client; ${report.spectators.missing} receipts missing, ${report.spectators.closed} sockets closed`,
    );
  }
  if (stats.invoiceRun) {
    const r = stats.invoiceRun;
    const reasons = Object.entries(r.reasons)
      .map(([reason, n]) => `${reason} ×${n}`)
      .join(', ');
    lines.push(
      `load: invoice run: ${r.status}, ${r.done} of ${r.total} parties invoiced, ${r.failed} named${reasons ? ` (${reasons})` : ''}`,
    );
  }
  lines.push(
    stats.errors.size
      ? `load: errors (${stats.errorCount}): ${[...stats.errors].map(([k, n]) => `${k} ×${n}`).join('; ')}`
      : 'load: errors: none',
  );
  lines.push(`load: answers lost on purpose and sent again: ${stats.lostAnswers} batches`);
  const kindsLine = Object.entries(outcome.byKind)
    .filter(([, k]) => k.sent)
    .map(([kind, k]) => `${kind} ${k.found}/${k.sent}`)
    .join(', ');
  lines.push(
    `load: outcome: ${outcome.sent} writes queued, ${outcome.accepted} accepted; in the database exactly once: ${kindsLine}; ` +
      `${outcome.lost} lost, ${outcome.doubled} doubled; ledger check ${outcome.ledgerOk ? 'ok' : 'FAILED'} ` +
      `(${outcome.ledgerDetail}); ${outcome.balancesChecked - outcome.balancesWrong} of ${outcome.balancesChecked} ` +
      `charged riders' balances equal to what was sent`,
  );
  const { cpu } = report;
  lines.push(
    `load: CPU in the window: API ${(cpu.apiMs / 1000).toFixed(1)} s (kernel ${(cpu.apiSystemMs / 1000).toFixed(1)}), ` +
      `PostgreSQL ${(cpu.postgresMs / 1000).toFixed(1)} s (kernel ${(cpu.postgresSystemMs / 1000).toFixed(1)}) ` +
      `= ${report.cpuMsPerWrite.toFixed(2)} ms per accepted write (the simulated clients: ${(cpu.clientsMs / 1000).toFixed(1)} s)`,
  );
  if (report.rawPostsPerSecond !== null) {
    const perSecond = report.acceptedInWindow / report.windowSeconds;
    lines.push(
      `load: raw-INSERT ceiling of this PostgreSQL: ${report.rawPostsPerSecond.toFixed(0)} posts/s (one INSERT per row, ` +
        `8 connections); the run's ${perSecond.toFixed(1)} writes/s are ${(perSecond / report.rawPostsPerSecond).toFixed(3)} of it`,
    );
  }
  lines.push(loadPassed(report) ? 'load: passed' : 'load: FAILED');
  return lines;
}
