import type { Ranking, RankingRow, RoundResult } from '@shared/schemas/results';
import { chartFromPercentages, prizeMoney, rank, starterOf, type StarterResult } from '@shared/sport/ranking';
import type { CompetitionRow, EntryRow } from './results.repo';

/** The chart a competition pays by: its amounts by rank, else prize money × its percentages. */
export const chartOf = (c: CompetitionRow): number[] =>
  c.prizeChartMinor.length ? c.prizeChartMinor : chartFromPercentages(c.prizeMoneyMinor, c.prizeDistributionBp);

export const starterOfEntry = (e: EntryRow): StarterResult => starterOf(e.id, e);

const wireRound = (
  faults: number | null,
  timeFaults: number | null,
  timeMs: number | null,
  knockDowns: number | null,
): RoundResult | null =>
  timeMs === null
    ? null
    : { faults: faults ?? 0, time_faults: timeFaults ?? 0, time_ms: timeMs, knock_downs: knockDowns };

export function rowOf(e: EntryRow, rankOf: number | null, prize: number): RankingRow {
  return {
    entry: e.id,
    competition: e.competitionId,
    start_order: e.startOrder,
    entry_status: e.status,
    rider: { id: e.riderId, name: e.riderName },
    horse: { id: e.horseId, name: e.horseName, fei_id: e.horseFeiId },
    head_number: e.headNumber,
    status: e.resultStatus,
    rank: rankOf,
    round: wireRound(e.roundFaults, e.roundTimeFaults, e.roundTimeMs, e.roundKnockDowns),
    jump_off: wireRound(e.jumpOffFaults, e.jumpOffTimeFaults, e.jumpOffTimeMs, e.jumpOffKnockDowns),
    jump_off_status: e.jumpOffStatus,
    score_thousandths: e.scoreThousandths,
    result_at: e.resultAt?.toISOString() ?? null,
    prize,
    paid: e.paidMinor,
  };
}

/**
 * The ranking of a competition: the entered starters with a result ranked by its rule (rank(),
 * status R first, ties sharing), then the entered ones without a result in start order, then the
 * withdrawn. Each row carries the prize of its place (prizeMoney(): ties share) and what it was
 * paid. `prizes`: entry → amount by the latest ranking (0 for every entry not placed).
 */
export function rankingOf(c: CompetitionRow, entries: EntryRow[]): { body: Ranking; prizes: Map<number, number> } {
  const withResult = entries.filter((e) => e.status === 'entered' && e.resultStatus !== null);
  const ranked = rank(c.rankingRule, withResult.map(starterOfEntry), { knockDownSeconds: c.knockDownSeconds });
  const chart = chartOf(c);
  const won = prizeMoney(chart, ranked);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const prizes = new Map(entries.map((e) => [e.id, won.get(e.id) ?? 0]));
  const rows: RankingRow[] = [
    ...ranked.map((r) => rowOf(byId.get(r.id)!, r.rank, prizes.get(r.id)!)),
    ...entries.filter((e) => e.status === 'entered' && e.resultStatus === null).map((e) => rowOf(e, null, 0)),
    ...entries.filter((e) => e.status === 'withdrawn').map((e) => rowOf(e, null, 0)),
  ];
  const prizeTotal = [...prizes.values()].reduce((a, b) => a + b, 0);
  const paidTotal = entries.reduce((a, e) => a + e.paidMinor, 0);
  return {
    prizes,
    body: {
      competition: {
        id: c.id,
        venue: c.venueId,
        vec: c.vecId,
        vec_name: c.vecName,
        number: c.number,
        name: c.name,
        starts_at: c.startsAt?.toISOString() ?? null,
        ranking_rule: c.rankingRule,
        knock_down_seconds: c.knockDownSeconds,
        currency: c.currency,
        prize_money: c.prizeMoneyMinor,
        prize_chart: chart,
        published_at: c.publishedAt?.toISOString() ?? null,
      },
      rows,
      entries: entries.filter((e) => e.status === 'entered').length,
      results: withResult.length,
      prize_total: prizeTotal,
      paid_total: paidTotal,
      to_pay: prizeTotal - paidTotal,
    },
  };
}
