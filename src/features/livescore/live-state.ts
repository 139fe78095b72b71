import type { LiveCompetition, LiveRanking, LiveStarter, LiveUpdate } from '@shared/schemas/livescore';
import { rank, type RankingRule, type RankOptions, type StarterResult } from '@shared/sport/ranking';
import type { CompetitionSheet } from './api/get-competition-sheet';
import type { LiveVenueSnapshot } from './api/get-live-venue';

/*
 * What a live page knows of a venue, and how a pushed result changes it without asking the server
 * again (a thousand phones re-reading a ranking after every round would be the server's load, not
 * the push's): the starter is put in place and the competition re-ranked with the same rules the
 * server ranks with (src/shared/sport/ranking.ts).
 */

export interface LiveState {
  snapshot: LiveVenueSnapshot | null;
  /** Start list and ranking per competition opened on the page. */
  sheets: Record<number, CompetitionSheet>;
  /** When the state was last confirmed by the server (a query or a push), epoch ms. */
  asOf: number | null;
}

export const EMPTY_STATE: LiveState = { snapshot: null, sheets: {}, asOf: null };

/** How many latest results the page keeps (as the server's `live`). */
const LATEST = 10;
const STATUS_ORDER = ['R', 'EL', 'RT', 'DQ', 'WD', 'NS'];

function starterResult(s: LiveStarter): StarterResult {
  const r = s.result!;
  const round =
    r.timeMs !== null || r.faults !== null
      ? { faults: r.faults ?? 0, timeFaults: r.timeFaults ?? 0, timeMs: r.timeMs ?? 0, knockDowns: r.knockDowns }
      : null;
  const jumpOff =
    r.jumpOffTimeMs !== null || r.jumpOffFaults !== null
      ? {
          faults: r.jumpOffFaults ?? 0,
          timeFaults: r.jumpOffTimeFaults ?? 0,
          timeMs: r.jumpOffTimeMs ?? 0,
          knockDowns: r.jumpOffKnockDowns,
        }
      : null;
  return {
    id: s.entryId,
    status: r.status,
    round,
    jumpOff,
    jumpOffStatus: r.jumpOffStatus ?? null,
    scoreThousandths: r.scoreThousandths,
  };
}

/** The rows with a result, ranked by the rule and in ranking order (ranked by rank, then by status). */
export function rerank(rule: RankingRule, rows: LiveStarter[], options: RankOptions = {}): LiveStarter[] {
  const withResult = rows.filter((s) => s.result && !s.withdrawn);
  const ranks = new Map(rank(rule, withResult.map(starterResult), options).map((r) => [r.id, r.rank]));
  return withResult
    .map((s) => ({ ...s, result: { ...s.result!, rank: ranks.get(s.entryId) ?? null } }))
    .sort(
      (a, b) =>
        (a.result.rank ?? Number.MAX_SAFE_INTEGER) - (b.result.rank ?? Number.MAX_SAFE_INTEGER) ||
        STATUS_ORDER.indexOf(a.result.status) - STATUS_ORDER.indexOf(b.result.status) ||
        (a.order ?? 0) - (b.order ?? 0),
    );
}

const replace = (list: LiveStarter[], s: LiveStarter) => list.map((x) => (x.entryId === s.entryId ? s : x));

function applyResult(state: LiveState, update: LiveUpdate, starter: LiveStarter, now: number): LiveState {
  const competition = state.snapshot?.competitions.find((c) => c.id === update.competitionId);
  const rule: RankingRule = competition?.rule ?? 'table_a';
  const sheet = state.sheets[update.competitionId];
  let ranked: LiveStarter[] | null = null;
  let sheets = state.sheets;
  const wasWithoutResult =
    sheet?.startList.some((s) => s.entryId === starter.entryId && !s.result) ??
    state.snapshot?.live.nextStarters.some((s) => s.entryId === starter.entryId) ??
    false;
  if (sheet) {
    const rows = sheet.ranking?.rows ?? [];
    const known = rows.some((r) => r.entryId === starter.entryId);
    ranked = rerank(rule, known ? replace(rows, starter) : [...rows, starter], {
      knockDownSeconds: competition?.knockDownSeconds,
    });
    const ranking: LiveRanking = {
      competitionId: update.competitionId,
      published: update.published,
      rows: ranked,
    };
    const byId = new Map(ranked.map((r) => [r.entryId, r]));
    sheets = {
      ...sheets,
      [update.competitionId]: {
        startList: sheet.startList.map((s) => byId.get(s.entryId) ?? s),
        ranking,
      },
    };
  }
  let snapshot = state.snapshot;
  if (snapshot) {
    const newRank = new Map((ranked ?? []).map((r) => [r.entryId, r.result!.rank]));
    const latest = [starter, ...snapshot.live.latestResults.filter((s) => s.entryId !== starter.entryId)]
      .map((s) =>
        s.result && newRank.has(s.entryId) ? { ...s, result: { ...s.result, rank: newRank.get(s.entryId)! } } : s,
      )
      .slice(0, LATEST);
    const bump = (c: LiveCompetition | null) =>
      c && c.id === update.competitionId && wasWithoutResult
        ? { ...c, results: Math.min(c.entries, c.results + 1) }
        : c;
    snapshot = {
      ...snapshot,
      competitions: snapshot.competitions.map((c) => bump(c)!),
      live: {
        ...snapshot.live,
        current: bump(snapshot.live.current),
        nextStarters: snapshot.live.nextStarters.filter((s) => s.entryId !== starter.entryId),
        latestResults: latest,
      },
    };
  }
  return { snapshot, sheets, asOf: now };
}

/** A push that carries its data (a result with its starter) is applied; the others are read again. */
export const needsRefetch = (update: LiveUpdate) => !(update.kind === 'result' && update.starter?.result);

/**
 * A push applied: a result is put in place at once; a start-list or publication change (or a
 * result without its starter) says what to read again: `refetch` names the competition.
 */
export function applyUpdate(
  state: LiveState,
  update: LiveUpdate,
  now = Date.now(),
): { state: LiveState; refetch: number | null } {
  if (!needsRefetch(update)) {
    return { state: applyResult(state, update, update.starter!, now), refetch: null };
  }
  return { state: { ...state, asOf: now }, refetch: update.competitionId };
}
