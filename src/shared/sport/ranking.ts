/*
 * Rankings by the rules of a competition (FEI Jumping Rules, FEI Dressage Rules; DOMAIN.md "The
 * sport"): pure functions the server ranks with and the pages preview with. Times are whole
 * milliseconds but count in hundredths (timeHundredths), penalties whole points, dressage scores
 * thousandths of a percent (71235 = 71.235 %): no floats.
 */

/** R ranked (the only status with a rank), EL eliminated, RT retired, DQ disqualified, WD withdrawn, NS no show. */
export const STARTER_STATUSES = ['R', 'EL', 'RT', 'DQ', 'WD', 'NS'] as const;
export type StarterStatus = (typeof STARTER_STATUSES)[number];

/**
 * How a ranked starter's jump-off (or second phase) ended when it did not complete it: EL
 * eliminated, RT retired. FEI Jumping Rules Art. 245: such an athlete keeps a place, after every
 * athlete who completed the jump-off, ordered among themselves by the first round.
 */
export const JUMP_OFF_STATUSES = ['EL', 'RT'] as const;
export type JumpOffStatus = (typeof JUMP_OFF_STATUSES)[number];

/**
 * Table C's seconds per knock-down that a competition can set (FEI Jumping Rules Art. 239: 4 s
 * in most competitions, 3 s where the schedule says so); 4 unless the schedule says otherwise.
 */
export const KNOCK_DOWN_SECONDS = [4, 3] as const;
export type KnockDownSeconds = (typeof KNOCK_DOWN_SECONDS)[number];
export const DEFAULT_KNOCK_DOWN_SECONDS: KnockDownSeconds = 4;

/**
 * A time as the FEI counts it: in hundredths of a second, the thousandths cut off (electronic
 * timing shows hundredths and the FEI Jumping Rules compare times in hundredths; a timer's
 * thousandth is not rounded up into a hundredth the horse did not run), so 63.451 s and
 * 63.459 s are both 63.45 s and tie.
 */
export const timeHundredths = (ms: number) => Math.floor(ms / 10);
/** Milliseconds cut to whole hundredths (63 459 → 63 450): how entered and uploaded times are kept. */
export const toHundredthsMs = (ms: number) => timeHundredths(ms) * 10;

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
  /**
   * Table C: knock-downs, each adding seconds to the time instead of penalties. Not given: the
   * obstacle penalties count as knock-downs at 4 points each (knockDownsOf).
   */
  knockDowns?: number | null;
}

export interface StarterResult {
  id: number;
  status: StarterStatus;
  round?: RoundResult | null;
  jumpOff?: RoundResult | null;
  /** Status R but the jump-off (second phase) not completed: eliminated or retired in it. */
  jumpOffStatus?: JumpOffStatus | null;
  /** Dressage: thousandths of a percent. */
  scoreThousandths?: number | null;
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
  jumpOffStatus: JumpOffStatus | null;
  scoreThousandths: number | null;
}

const roundOf = (faults: number | null, timeFaults: number | null, timeMs: number | null, knockDowns: number | null) =>
  timeMs === null && faults === null
    ? null
    : { faults: faults ?? 0, timeFaults: timeFaults ?? 0, timeMs: timeMs ?? 0, knockDowns };

/** The starter `rank()` takes, from its result columns (a starter without a result counts as NS). */
export const starterOf = (id: number, c: ResultColumns): StarterResult => ({
  id,
  status: c.resultStatus ?? 'NS',
  round: roundOf(c.roundFaults, c.roundTimeFaults, c.roundTimeMs, c.roundKnockDowns),
  jumpOff: roundOf(c.jumpOffFaults, c.jumpOffTimeFaults, c.jumpOffTimeMs, c.jumpOffKnockDowns),
  jumpOffStatus: c.jumpOffStatus,
  scoreThousandths: c.scoreThousandths,
});

export interface Ranked {
  id: number;
  status: StarterStatus;
  /** Shared by ties; null for every status but R. */
  rank: number | null;
}

/** What the rule needs beyond the starters: Table C's seconds per knock-down (4 unless set). */
export interface RankOptions {
  knockDownSeconds?: number;
}

const penalties = (r: RoundResult) => r.faults + r.timeFaults;

/**
 * Table C's knock-downs of a round: as entered, else its obstacle penalties read as knock-downs
 * of 4 points each (a result entered in Table A's points, 8 faults = 2 knock-downs) — never
 * ignored, so 8 faults at 50.00 s cannot beat a clear round at 55.00 s.
 */
export const knockDownsOf = (r: RoundResult) => r.knockDowns ?? Math.floor(r.faults / 4);

/** Table C's total in hundredths: the time plus the seconds per knock-down (FEI Art. 239). */
export const tableCHundredths = (r: RoundResult, knockDownSeconds: number) =>
  timeHundredths(r.timeMs) + knockDownsOf(r) * knockDownSeconds * 100;

const LAST = Number.MAX_SAFE_INTEGER;

/** The keys a starter is ordered by under a rule, smallest first; equal keys share a rank. */
function keysOf(rule: RankingRule, s: StarterResult, options: RankOptions): number[] {
  const round = s.round;
  const firstRound = round ? [penalties(round), timeHundredths(round.timeMs)] : [LAST, 0];
  switch (rule) {
    case 'dressage':
      return [-(s.scoreThousandths ?? 0)];
    case 'table_c':
      return round ? [tableCHundredths(round, options.knockDownSeconds ?? DEFAULT_KNOCK_DOWN_SECONDS)] : [LAST];
    case 'table_a':
      return firstRound;
    case 'table_a_jump_off':
    case 'two_phases':
      // Art. 245: those eliminated or retired in the jump-off (second phase) rank after all who
      // completed it and before those who did not reach it, among themselves by the first round.
      if (s.jumpOffStatus) return [1, ...firstRound];
      if (s.jumpOff) return [0, penalties(s.jumpOff), timeHundredths(s.jumpOff.timeMs)];
      return [2, ...firstRound];
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
export function rank(rule: RankingRule, starters: readonly StarterResult[], options: RankOptions = {}): Ranked[] {
  const placed = starters
    .map((s, i) => ({ s, i, keys: keysOf(rule, s, options) }))
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
