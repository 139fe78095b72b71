import { and, asc, eq, exists, inArray, isNotNull, sql } from 'drizzle-orm';
import type { JumpOffStatus, RankingRule, StarterStatus } from '@shared/sport/ranking';
import type { Db } from '../../db/client';
import {
  competitionEntries,
  competitions,
  horses,
  participationHorses,
  riders,
  venueEventCategories,
  venues,
} from '../../db/schema';

/*
 * What live scores read: venues, competitions with their counts, and entries with
 * rider, horse, head number and result. Every read is by venue or competition, never per client.
 */

export interface VenueRow {
  id: number;
  name: string;
  city: string | null;
  country: string | null;
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
}

export interface CompetitionRow {
  id: number;
  venueId: number;
  number: string;
  name: string;
  startsAt: Date | null;
  arena: string | null;
  discipline: string;
  rule: RankingRule;
  knockDownSeconds: number;
  publishedAt: Date | null;
  startIntervalSeconds: number;
  entries: number;
  results: number;
  lastResultAt: Date | null;
}

export interface EntryRow {
  id: number;
  competitionId: number;
  startOrder: number | null;
  status: 'entered' | 'withdrawn';
  late: boolean;
  riderFirstName: string;
  riderLastName: string;
  nationality: string | null;
  horseName: string;
  headNumber: number | null;
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
  resultAt: Date | null;
}

const venueColumns = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  country: venues.country,
  startDate: venues.startDate,
  endDate: venues.endDate,
  timeZone: venues.timeZone,
};

const publishedAtVenue = (venueId: typeof venues.id) =>
  exists(
    sql`(SELECT 1 FROM ${competitions} JOIN ${venueEventCategories} ON ${venueEventCategories.id} = ${competitions.vecId}
      WHERE ${venueEventCategories.venueId} = ${venueId} AND ${competitions.publishedAt} IS NOT NULL)`,
  );

export function createLivescoreRepo(db: Db) {
  const competitionSelect = () =>
    db
      .select({
        id: competitions.id,
        venueId: venueEventCategories.venueId,
        number: competitions.number,
        name: competitions.name,
        startsAt: competitions.startsAt,
        arena: competitions.arena,
        discipline: competitions.discipline,
        rule: competitions.rankingRule,
        knockDownSeconds: competitions.knockDownSeconds,
        publishedAt: competitions.publishedAt,
        startIntervalSeconds: competitions.startIntervalSeconds,
        entries: sql<number>`(SELECT count(*)::int FROM ${competitionEntries} e
          WHERE e.competition_id = ${competitions.id} AND e.status = 'entered')`,
        results: sql<number>`(SELECT count(*)::int FROM ${competitionEntries} e
          WHERE e.competition_id = ${competitions.id} AND e.status = 'entered' AND e.result_status IS NOT NULL)`,
        lastResultAt: sql<Date | null>`(SELECT max(e.result_at) FROM ${competitionEntries} e
          WHERE e.competition_id = ${competitions.id})`.mapWith((v: string | Date | null) =>
          v === null ? null : new Date(v),
        ),
      })
      .from(competitions)
      .innerJoin(venueEventCategories, eq(venueEventCategories.id, competitions.vecId));

  return {
    async venue(id: number): Promise<VenueRow | null> {
      const [row] = await db.select(venueColumns).from(venues).where(eq(venues.id, id));
      return row ?? null;
    },

    /** Venues with at least one published competition, plus the ones named (a user's own). */
    async venues(options: { all: boolean; also: number[] }): Promise<VenueRow[]> {
      const query = db.select(venueColumns).from(venues);
      const where = options.all
        ? undefined
        : options.also.length
          ? sql`(${publishedAtVenue(venues.id)} OR ${inArray(venues.id, options.also)})`
          : publishedAtVenue(venues.id);
      return (where ? query.where(where) : query).orderBy(sql`${venues.startDate} DESC NULLS LAST`, asc(venues.name));
    },

    async competitions(venueId: number): Promise<CompetitionRow[]> {
      return competitionSelect()
        .where(eq(venueEventCategories.venueId, venueId))
        .orderBy(sql`${competitions.startsAt} ASC NULLS LAST`, asc(competitions.number), asc(competitions.id));
    },

    async competition(id: number): Promise<CompetitionRow | null> {
      const [row] = await competitionSelect().where(eq(competitions.id, id));
      return row ?? null;
    },

    /** Entries of the competitions with rider, horse, head number and result, in start order. */
    async entries(competitionIds: number[]): Promise<EntryRow[]> {
      if (!competitionIds.length) return [];
      return db
        .select({
          id: competitionEntries.id,
          competitionId: competitionEntries.competitionId,
          startOrder: competitionEntries.startOrder,
          status: competitionEntries.status,
          late: competitionEntries.late,
          riderFirstName: riders.firstName,
          riderLastName: riders.lastName,
          nationality: riders.nationality,
          horseName: horses.name,
          headNumber: participationHorses.headNumber,
          resultStatus: competitionEntries.resultStatus,
          roundFaults: competitionEntries.roundFaults,
          roundTimeFaults: competitionEntries.roundTimeFaults,
          roundTimeMs: competitionEntries.roundTimeMs,
          roundKnockDowns: competitionEntries.roundKnockDowns,
          jumpOffFaults: competitionEntries.jumpOffFaults,
          jumpOffTimeFaults: competitionEntries.jumpOffTimeFaults,
          jumpOffTimeMs: competitionEntries.jumpOffTimeMs,
          jumpOffKnockDowns: competitionEntries.jumpOffKnockDowns,
          jumpOffStatus: competitionEntries.jumpOffStatus,
          scoreThousandths: competitionEntries.scoreThousandths,
          resultAt: competitionEntries.resultAt,
        })
        .from(competitionEntries)
        .innerJoin(riders, eq(riders.id, competitionEntries.riderId))
        .innerJoin(horses, eq(horses.id, competitionEntries.horseId))
        .leftJoin(
          participationHorses,
          and(
            eq(participationHorses.venueParticipationId, competitionEntries.venueParticipationId),
            eq(participationHorses.horseId, competitionEntries.horseId),
          ),
        )
        .where(inArray(competitionEntries.competitionId, competitionIds))
        .orderBy(
          asc(competitionEntries.competitionId),
          sql`${competitionEntries.startOrder} ASC NULLS LAST`,
          asc(competitionEntries.id),
        );
    },

    /** The competitions of the venue with the latest results (newest first), up to `limit` results. */
    async latestResultCompetitions(venueId: number, limit: number, publishedOnly: boolean): Promise<number[]> {
      const rows = await db
        .select({ competitionId: competitionEntries.competitionId })
        .from(competitionEntries)
        .innerJoin(competitions, eq(competitions.id, competitionEntries.competitionId))
        .innerJoin(venueEventCategories, eq(venueEventCategories.id, competitions.vecId))
        .where(
          and(
            eq(venueEventCategories.venueId, venueId),
            isNotNull(competitionEntries.resultAt),
            isNotNull(competitionEntries.resultStatus),
            publishedOnly ? isNotNull(competitions.publishedAt) : undefined,
          ),
        )
        .orderBy(sql`${competitionEntries.resultAt} DESC`, sql`${competitionEntries.id} DESC`)
        .limit(limit);
      return [...new Set(rows.map((r) => r.competitionId))];
    },
  };
}

export type LivescoreRepo = ReturnType<typeof createLivescoreRepo>;
