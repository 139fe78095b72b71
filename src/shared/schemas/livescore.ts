import type { JumpOffStatus, RankingRule, StarterStatus } from '../sport/ranking';

/*
 * Live scores: what the GraphQL endpoint at /api/graphql answers and pushes, as the
 * live pages read it. Times in whole milliseconds, penalties whole points, dressage scores in
 * hundredths of a percent; instants as ISO strings. Results (and ranks) are public only once the
 * competition is published; the venue's show office sees them before.
 */

export interface LiveVenue {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
}

export interface LiveCompetition {
  id: number;
  venueId: number;
  number: string;
  name: string;
  startsAt: string | null;
  arena: string | null;
  discipline: string;
  rule: RankingRule;
  /** Table C: seconds added per knock-down (FEI Art. 239). */
  knockDownSeconds: number;
  published: boolean;
  /** Starters entered (not withdrawn). */
  entries: number;
  /** Of them, with a result (counted for everyone: the number is not the result). */
  results: number;
}

export interface LiveResult {
  status: StarterStatus;
  /** Only status R has a rank; ties share one. */
  rank: number | null;
  faults: number | null;
  timeFaults: number | null;
  timeMs: number | null;
  /** Table C: knock-downs (seconds added to the time). */
  knockDowns: number | null;
  jumpOffFaults: number | null;
  jumpOffTimeFaults: number | null;
  jumpOffTimeMs: number | null;
  jumpOffKnockDowns: number | null;
  /** Ranked, but eliminated (EL) or retired (RT) in the jump-off (FEI Art. 245). */
  jumpOffStatus: JumpOffStatus | null;
  scoreThousandths: number | null;
  at: string | null;
}

export interface LiveStarter {
  entryId: number;
  competitionId: number;
  /** 1-based place in the start list; null before the draw. */
  order: number | null;
  /** starts_at + (order − 1) × interval, when both are known. */
  startTime: string | null;
  riderName: string;
  nationality: string | null;
  horseName: string;
  headNumber: number | null;
  withdrawn: boolean;
  late: boolean;
  /** Null: no result yet, or not published (for the public). */
  result: LiveResult | null;
}

export interface LiveRanking {
  competitionId: number;
  published: boolean;
  /** Ranked starters first (by rank), then the others (EL, RT, DQ, WD, NS). */
  rows: LiveStarter[];
}

export interface LiveNow {
  venueId: number;
  /** What is running now: the competition with the latest result still going, else the next one to start. */
  current: LiveCompetition | null;
  /** The current competition's next starters: entered, no result, by start order. */
  nextStarters: LiveStarter[];
  /** The latest results at the venue the viewer may see, newest first. */
  latestResults: LiveStarter[];
}

export const LIVE_UPDATE_KINDS = ['result', 'startlist', 'publish'] as const;
export type LiveUpdateKind = (typeof LIVE_UPDATE_KINDS)[number];

/** One push of `liveUpdates(venueId)`: a result as saved with its new rank, or a change to re-read. */
export interface LiveUpdate {
  kind: LiveUpdateKind;
  venueId: number;
  competitionId: number;
  published: boolean;
  /** kind result: the starter with the result and rank. */
  starter: LiveStarter | null;
}
