import type {
  LiveCompetition,
  LiveNow,
  LiveRanking,
  LiveResult,
  LiveStarter,
  LiveUpdate,
  LiveVenue,
} from '@shared/schemas/livescore';
import { feiNationOf } from '@shared/sport/nations';
import { rank, starterOf, type Ranked, type StarterResult } from '@shared/sport/ranking';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { RequestUser } from '../../types';
import { canActOnVenue } from '../venue/venue-access';
import type { LiveEvent } from './live-bus';
import { createLivescoreRepo, type CompetitionRow, type EntryRow } from './livescore.repo';

/** How many starters "next" shows, and how many results "latest". */
export const NEXT_STARTERS = 5;
export const LATEST_RESULTS = 10;
/** A competition with a result in this window and starters still to go is "running now". */
const RUNNING_WINDOW_MS = 12 * 3600_000;

/**
 * Live scores' reads. Start lists are public, as on any show's live page; results
 * and ranks only once the competition is published, except for the venue's show office (and
 * admins), who see them as they are saved.
 */
export function createLivescoreService(db: Db) {
  const repo = createLivescoreRepo(db);
  const office = (viewer: RequestUser | null, venueId: number) =>
    !!viewer && canActOnVenue(viewer, venueId, { office: true });
  const sees = (viewer: RequestUser | null, c: CompetitionRow) => c.publishedAt !== null || office(viewer, c.venueId);

  async function knownVenue(id: number) {
    const venue = await repo.venue(id);
    if (!venue) throw new AppError('not_found');
    return venue;
  }

  async function knownCompetition(id: number) {
    const competition = await repo.competition(id);
    if (!competition) throw new AppError('not_found');
    return competition;
  }

  /** Rankings of the competitions (entered starters with a result), by entry id. */
  function rankings(comps: CompetitionRow[], entries: EntryRow[]): Map<number, Ranked> {
    const out = new Map<number, Ranked>();
    for (const c of comps) {
      const ranked = rank(c.rule, entries.filter((e) => e.competitionId === c.id && hasResult(e)).map(starterResult), {
        knockDownSeconds: c.knockDownSeconds,
      });
      for (const r of ranked) out.set(r.id, r);
    }
    return out;
  }

  function starters(comps: CompetitionRow[], entries: EntryRow[], viewer: RequestUser | null): LiveStarter[] {
    const byId = new Map(comps.map((c) => [c.id, c]));
    const visible = new Set(comps.filter((c) => sees(viewer, c)).map((c) => c.id));
    const ranks = rankings(
      comps.filter((c) => visible.has(c.id)),
      entries,
    );
    return entries.map((e) => toStarter(e, byId.get(e.competitionId)!, visible.has(e.competitionId), ranks.get(e.id)));
  }

  return {
    office,

    async venues(viewer: RequestUser | null): Promise<LiveVenue[]> {
      const all = !!viewer?.roles.includes('admin');
      const own = viewer?.assignedVenueId && office(viewer, viewer.assignedVenueId) ? [viewer.assignedVenueId] : [];
      return repo.venues({ all, also: own });
    },

    venue: (id: number): Promise<LiveVenue> => knownVenue(id),

    async competitions(venueId: number): Promise<LiveCompetition[]> {
      await knownVenue(venueId);
      return (await repo.competitions(venueId)).map(toCompetition);
    },

    /** The start list in order (withdrawn entries last); results only where the viewer sees them. */
    async startList(competitionId: number, viewer: RequestUser | null): Promise<LiveStarter[]> {
      const c = await knownCompetition(competitionId);
      const list = starters([c], await repo.entries([c.id]), viewer);
      return [...list.filter((s) => !s.withdrawn), ...list.filter((s) => s.withdrawn)];
    },

    /** The ranking by the competition's rule; null when it is held back from this viewer. */
    async ranking(competitionId: number, viewer: RequestUser | null): Promise<LiveRanking | null> {
      const c = await knownCompetition(competitionId);
      if (!sees(viewer, c)) return null;
      const list = starters([c], await repo.entries([c.id]), viewer);
      return { competitionId: c.id, published: c.publishedAt !== null, rows: rankingOrder(list) };
    },

    async live(venueId: number, viewer: RequestUser | null, now = new Date()): Promise<LiveNow> {
      await knownVenue(venueId);
      const comps = await repo.competitions(venueId);
      const current = runningNow(comps, now);
      const recentIds = await repo.latestResultCompetitions(venueId, LATEST_RESULTS, !office(viewer, venueId));
      const ids = [...new Set([...(current ? [current.id] : []), ...recentIds])];
      const involved = comps.filter((c) => ids.includes(c.id));
      const list = starters(involved, await repo.entries(ids), viewer);
      const nextStarters = current
        ? list
            .filter((s) => s.competitionId === current.id && !s.withdrawn && s.order !== null && !hasResultRow(s))
            .slice(0, NEXT_STARTERS)
        : [];
      const latestResults = list
        .filter((s) => s.result?.at)
        .sort((a, b) => b.result!.at!.localeCompare(a.result!.at!) || b.entryId - a.entryId)
        .slice(0, LATEST_RESULTS);
      return { venueId, current: current ? toCompetition(current) : null, nextStarters, latestResults };
    },

    /**
     * What one change pushes to the venue's subscribers, computed once for all of them: a result
     * carries the starter with its new rank (the competition ranked once). Null when the
     * competition is gone.
     */
    async update(event: LiveEvent): Promise<LiveUpdate | null> {
      const c = await repo.competition(event.competitionId);
      if (!c) return null;
      let starter: LiveStarter | null = null;
      if (event.kind === 'result' && event.entryId) {
        const entries = await repo.entries([c.id]);
        const ranks = rankings([c], entries);
        const entry = entries.find((e) => e.id === event.entryId);
        if (entry) starter = toStarter(entry, c, true, ranks.get(entry.id));
      }
      return { kind: event.kind, venueId: c.venueId, competitionId: c.id, published: c.publishedAt !== null, starter };
    },
  };
}

export type LivescoreService = ReturnType<typeof createLivescoreService>;

const hasResult = (e: EntryRow) => e.status === 'entered' && e.resultStatus !== null;
/** A starter whose result exists, even if this viewer may not see it: not a "next starter". */
const hasResultRow = (s: LiveStarter & { hasResult?: boolean }) => s.hasResult === true || s.result !== null;

const starterResult = (e: EntryRow): StarterResult => starterOf(e.id, e);

function toCompetition(c: CompetitionRow): LiveCompetition {
  return {
    id: c.id,
    venueId: c.venueId,
    number: c.number,
    name: c.name,
    startsAt: c.startsAt?.toISOString() ?? null,
    arena: c.arena,
    discipline: c.discipline,
    rule: c.rule,
    knockDownSeconds: c.knockDownSeconds,
    published: c.publishedAt !== null,
    entries: c.entries,
    results: c.results,
  };
}

function toStarter(e: EntryRow, c: CompetitionRow, visible: boolean, ranked: Ranked | undefined): LiveStarter {
  const startTime =
    c.startsAt && e.startOrder !== null
      ? new Date(c.startsAt.getTime() + (e.startOrder - 1) * c.startIntervalSeconds * 1000).toISOString()
      : null;
  const result: LiveResult | null =
    visible && hasResult(e)
      ? {
          status: e.resultStatus!,
          rank: ranked?.rank ?? null,
          faults: e.roundFaults,
          timeFaults: e.roundTimeFaults,
          timeMs: e.roundTimeMs,
          knockDowns: e.roundKnockDowns,
          jumpOffFaults: e.jumpOffFaults,
          jumpOffTimeFaults: e.jumpOffTimeFaults,
          jumpOffTimeMs: e.jumpOffTimeMs,
          jumpOffKnockDowns: e.jumpOffKnockDowns,
          jumpOffStatus: e.jumpOffStatus,
          scoreThousandths: e.scoreThousandths,
          at: e.resultAt?.toISOString() ?? null,
        }
      : null;
  const starter: LiveStarter = {
    entryId: e.id,
    competitionId: e.competitionId,
    order: e.startOrder,
    startTime,
    riderName: `${e.riderFirstName} ${e.riderLastName}`.trim(),
    // As the FEI's start lists and results name nations (GER), people keep ISO 3166 (DE).
    nationality: feiNationOf(e.nationality) ?? e.nationality,
    horseName: e.horseName,
    headNumber: e.headNumber,
    withdrawn: e.status === 'withdrawn',
    late: e.late,
    result,
  };
  // Kept off the wire (GraphQL answers only the fields asked): lets "next starters" skip a
  // starter whose result is held back from this viewer.
  if (hasResult(e)) Object.defineProperty(starter, 'hasResult', { value: true, enumerable: false });
  return starter;
}

/** Ranked starters by rank, then the unranked by status (rank()'s order), then those without a result. */
function rankingOrder(list: LiveStarter[]): LiveStarter[] {
  const withResult = list.filter((s) => s.result && !s.withdrawn);
  const statusOrder = ['R', 'EL', 'RT', 'DQ', 'WD', 'NS'];
  return withResult.sort(
    (a, b) =>
      (a.result!.rank ?? Number.MAX_SAFE_INTEGER) - (b.result!.rank ?? Number.MAX_SAFE_INTEGER) ||
      statusOrder.indexOf(a.result!.status) - statusOrder.indexOf(b.result!.status) ||
      (a.order ?? 0) - (b.order ?? 0),
  );
}

/**
 * What is running now: the competition with the latest result in the last hours that still has
 * starters to go; else the first (by start time) with starters to go that has not started long ago;
 * else the one with the latest result.
 */
export function runningNow(comps: CompetitionRow[], now: Date): CompetitionRow | null {
  const unfinished = (c: CompetitionRow) => c.entries > c.results;
  const recent = comps
    .filter((c) => c.lastResultAt && now.getTime() - c.lastResultAt.getTime() < RUNNING_WINDOW_MS && unfinished(c))
    .sort((a, b) => b.lastResultAt!.getTime() - a.lastResultAt!.getTime());
  if (recent[0]) return recent[0];
  const upcoming = comps.find(
    (c) => unfinished(c) && (!c.startsAt || now.getTime() - c.startsAt.getTime() < RUNNING_WINDOW_MS),
  );
  if (upcoming) return upcoming;
  const latest = comps
    .filter((c) => c.lastResultAt)
    .sort((a, b) => b.lastResultAt!.getTime() - a.lastResultAt!.getTime());
  return latest[0] ?? null;
}
