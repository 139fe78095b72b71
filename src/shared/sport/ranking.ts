/*
 * Rankings by the rules of a competition (issue 14, DOMAIN.md "The sport"): pure functions the
 * server ranks with and the pages preview with. Times are whole milliseconds, penalties whole
 * points, dressage scores hundredths of a percent (7125 = 71.25 %): no floats.
 */

/** R ranked (the only status with a rank), EL eliminated, RT retired, DQ disqualified, WD withdrawn, NS no show. */
export const STARTER_STATUSES = ['R', 'EL', 'RT', 'DQ', 'WD', 'NS'] as const;
export type StarterStatus = (typeof STARTER_STATUSES)[number];

/**
 * table_a: penalties, then time (against the clock); table_a_jump_off: jump-off starters first,
 * by their jump-off's penalties and time, the rest by the first round's; two_phases: the same with
 * the second phase in place of the jump-off (those who reached it rank above the rest, by its
 * penalties and time); table_c: time plus penalty seconds; dressage: percentage, highest first.
 */
export const RANKING_RULES = ['table_a', 'table_a_jump_off', 'two_phases', 'table_c', 'dressage'] as const;
export type RankingRule = (typeof RANKING_RULES)[number];

/** One round, phase or jump-off; obstacle and time penalties kept apart (FEI since 2023). */
export interface RoundResult {
  /** Obstacle penalties (Table A: 4 per knock-down or first disobedience). */
  faults: number;
  /** Time penalties (Table A: 1 per second commenced over the time allowed). */
  timeFaults: number;
  timeMs: number;
  /** Table C: knock-downs, each adding seconds to the time instead of penalties. */
  knockDowns?: number;
}

export interface StarterResult {
  id: number;
  status: StarterStatus;
  round?: RoundResult | null;
  jumpOff?: RoundResult | null;
  /** Dressage: hundredths of a percent. */
  scoreBp?: number | null;
}

/** A starter's result as the database keeps it (competition_entries' result columns). */
export interface ResultColumns {
  resultStatus: StarterStatus | null;
  roundFaults: number | null;
  roundTimeFaults: number | null;
  roundTimeMs: number | null;
  roundKnockDowns: number | null;
  jumpOffFaults: number | null;
  jumpOffTimeFaults: number | null;
  jumpOffTimeMs: number | null;
  jumpOffKnockDowns: number | null;
  scoreBp: number | null;
}

const roundOf = (faults: number | null, timeFaults: number | null, timeMs: number | null, knockDowns: number | null) =>
  timeMs === null && faults === null
    ? null
    : { faults: faults ?? 0, timeFaults: timeFaults ?? 0, timeMs: timeMs ?? 0, knockDowns: knockDowns ?? 0 };

/** The starter `rank()` takes, from its result columns (a starter without a result counts as NS). */
export const starterOf = (id: number, c: ResultColumns): StarterResult => ({
  id,
  status: c.resultStatus ?? 'NS',
  round: roundOf(c.roundFaults, c.roundTimeFaults, c.roundTimeMs, c.roundKnockDowns),
  jumpOff: roundOf(c.jumpOffFaults, c.jumpOffTimeFaults, c.jumpOffTimeMs, c.jumpOffKnockDowns),
  scoreBp: c.scoreBp,
});

export interface Ranked {
  id: number;
  status: StarterStatus;
  /** Shared by ties; null for every status but R. */
  rank: number | null;
}

/** Table C's seconds per knock-down: 4, and 3 in a jump-off. */
export const TABLE_C_SECONDS = { round: 4_000, jumpOff: 3_000 } as const;

const penalties = (r: RoundResult) => r.faults + r.timeFaults;
const tableCTime = (r: RoundResult, perKnockDown: number) => r.timeMs + (r.knockDowns ?? 0) * perKnockDown;

/** The keys a starter is ordered by under a rule, smallest first; equal keys share a rank. */
function keysOf(rule: RankingRule, s: StarterResult): number[] {
  const round = s.round;
  switch (rule) {
    case 'dressage':
      return [-(s.scoreBp ?? 0)];
    case 'table_c':
      return round ? [tableCTime(round, TABLE_C_SECONDS.round)] : [Number.MAX_SAFE_INTEGER];
    case 'table_a':
      return round ? [penalties(round), round.timeMs] : [Number.MAX_SAFE_INTEGER, 0];
    case 'table_a_jump_off':
    case 'two_phases':
      if (s.jumpOff) return [0, penalties(s.jumpOff), s.jumpOff.timeMs];
      return round ? [1, penalties(round), round.timeMs] : [1, Number.MAX_SAFE_INTEGER, 0];
  }
}

const compareKeys = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

const STATUS_ORDER = new Map(STARTER_STATUSES.map((status, i) => [status, i]));

/**
 * The ranking of a competition: starters with status R by the rule, ties sharing a rank
 * (1, 2, 2, 4); then the others without a rank, in the order EL, RT, DQ, WD, NS (each group in
 * the order given, which is the start order).
 */
export function rank(rule: RankingRule, starters: readonly StarterResult[]): Ranked[] {
  const placed = starters
    .map((s, i) => ({ s, i, keys: keysOf(rule, s) }))
    .filter(({ s }) => s.status === 'R')
    .sort((a, b) => compareKeys(a.keys, b.keys) || a.i - b.i);
  const ranked: Ranked[] = [];
  placed.forEach((entry, position) => {
    const previous = placed[position - 1];
    const tied = previous && compareKeys(previous.keys, entry.keys) === 0;
    ranked.push({ id: entry.s.id, status: 'R', rank: tied ? ranked[position - 1]!.rank : position + 1 });
  });
  const others = starters
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.status !== 'R')
    .sort((a, b) => STATUS_ORDER.get(a.s.status)! - STATUS_ORDER.get(b.s.status)! || a.i - b.i)
    .map(({ s }) => ({ id: s.id, status: s.status, rank: null }));
  return [...ranked, ...others];
}

/**
 * Prize money by rank: `chart[k]` is what place k + 1 wins (minor units). Starters tied on a
 * rank share the places they cover equally (their prizes added and divided); a remainder of
 * minor units goes one each to the first of them, so the sum is exactly the places' sum.
 * Returns the amount per starter id (places beyond the chart win nothing).
 */
export function prizeMoney(chart: readonly number[], ranking: readonly Ranked[]): Map<number, number> {
  const out = new Map<number, number>();
  const placed = ranking.filter((r) => r.rank !== null);
  for (let i = 0; i < placed.length;) {
    const group = placed.filter((r) => r.rank === placed[i]!.rank);
    const pool = group.reduce((sum, _r, k) => sum + (chart[i + k] ?? 0), 0);
    const share = Math.floor(pool / group.length);
    const rest = pool - share * group.length;
    group.forEach((r, k) => out.set(r.id, share + (k < rest ? 1 : 0)));
    i += group.length;
  }
  return out;
}

/** A chart of percentages (basis points of the total) as amounts; rounding leftovers go to the winner. */
export function chartFromPercentages(totalMinor: number, basisPoints: readonly number[]): number[] {
  // In BigInt: a total near the ledger's bounds times 10,000 is past the safe integers.
  const part = (bp: number) => Number((BigInt(totalMinor) * BigInt(bp)) / 10_000n);
  const amounts = basisPoints.map(part);
  const paid = amounts.reduce((a, b) => a + b, 0);
  const planned = part(basisPoints.reduce((a, b) => a + b, 0));
  if (amounts.length) amounts[0]! += planned - paid;
  return amounts;
}
