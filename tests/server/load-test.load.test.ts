import { describe, expect, it } from 'vitest';
import { loadPassed, reportLines, writeSummary } from '../../scripts/load/report';
import { runLoad } from '../../scripts/load/run';

/*
 * `npm run load` in small: a PostgreSQL of its own, two API processes, a few tablets of every
 * kind (one coming back online with a backlog, a fifth of the answers lost), an office user and
 * live-page spectators for a few seconds; then the proof. What the load test proves must hold
 * here too: every write in the database exactly once, the ledger check ok, every charged
 * rider's balance what was sent, every spectator given every result, no request failed.
 */
describe('the load test', () => {
  it('drives tablets, the office and spectators against two workers and proves the outcome', async () => {
    const report = await runLoad({
      tablets: 6,
      office: 1,
      spectators: 20,
      workers: 2,
      seconds: 4,
      writesPerMinute: 60,
      backlogShare: 1 / 6,
      backlog: 10,
      lostShare: 0.2,
      pullEverySeconds: 2,
      resultEverySeconds: 1,
      tabletsPerLogin: 3,
      riders: 30,
      rawCeiling: false,
      invoiceRun: false,
      scryptN: 1024,
      log: () => undefined,
    });
    const lines = reportLines(report).join('\n');
    expect(report.stats.errorCount, lines).toBe(0);
    expect(report.outcome, lines).toMatchObject({ ok: true, lost: 0, doubled: 0, ledgerOk: true, balancesWrong: 0 });
    // The tablet back online sent its backlog; the others wrote as they went.
    expect(report.outcome.accepted).toBe(report.outcome.sent);
    expect(report.outcome.sent).toBeGreaterThanOrEqual(10);
    expect(report.outcome.byKind.charge!.found).toBeGreaterThan(0);
    expect(writeSummary(report)?.count).toBeGreaterThan(0);
    expect(report.spectators).toMatchObject({ connected: 20, missing: 0 });
    expect(report.spectators!.saves).toBeGreaterThan(0);
    expect(report.cpuMsPerWrite).toBeGreaterThan(0);
    expect(loadPassed(report), lines).toBe(true);
  });
});
