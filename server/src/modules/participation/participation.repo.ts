import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  employers,
  horses,
  participationHorses,
  riders,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
} from '../../db/schema';
import type { Page } from '../../http/pagination';
import { containsPattern } from '../people/search-pattern';

const vp = venueParticipations;
export type ParticipationRow = typeof vp.$inferSelect;

/** Rider name or FEI id, a horse's name, or a head number. */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const horseMatches = [ilike(horses.name, pattern)];
  if (/^\d{1,9}$/.test(search)) horseMatches.push(eq(participationHorses.headNumber, Number(search)));
  return or(
    ilike(sql`${riders.firstName} || ' ' || ${riders.lastName}`, pattern),
    ilike(riders.feiId, pattern),
    exists(
      sql`(SELECT 1 FROM ${participationHorses} JOIN ${horses} ON ${horses.id} = ${participationHorses.horseId}
           WHERE ${participationHorses.venueParticipationId} = ${vp.id} AND (${or(...horseMatches)}))`,
    ),
  )!;
}

export function createParticipationRepo(db: Db) {
  return {
    async list(filter: { venueId?: number; search?: string; riderId?: number }, page: Page) {
      const conditions: SQL[] = [];
      if (filter.venueId !== undefined) conditions.push(eq(vp.venueId, filter.venueId));
      if (filter.riderId !== undefined) conditions.push(eq(vp.riderId, filter.riderId));
      if (filter.search) conditions.push(searchCondition(filter.search));
      const where = and(...conditions);
      const [total] = await db
        .select({ n: count() })
        .from(vp)
        .innerJoin(riders, eq(riders.id, vp.riderId))
        .where(where);
      const rows = await db
        .select({ participation: vp })
        .from(vp)
        .innerJoin(riders, eq(riders.id, vp.riderId))
        .where(where)
        .orderBy(asc(riders.lastName), asc(riders.firstName), asc(vp.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows: rows.map((r) => r.participation) };
    },

    async findById(id: number, tx: Db = db): Promise<ParticipationRow | undefined> {
      const [row] = await tx.select().from(vp).where(eq(vp.id, id));
      return row;
    },

    async ofVenue(venueId: number, ids: readonly number[] | undefined, tx: Db = db): Promise<ParticipationRow[]> {
      const where = and(eq(vp.venueId, venueId), ids ? inArray(vp.id, ids.length ? [...ids] : [0]) : undefined);
      return tx.select().from(vp).where(where).orderBy(asc(vp.id));
    },

    riders: (ids: readonly number[]) =>
      ids.length
        ? db
            .select()
            .from(riders)
            .where(inArray(riders.id, [...ids]))
        : [],
    employers: (ids: readonly number[]) =>
      ids.length
        ? db
            .select()
            .from(employers)
            .where(inArray(employers.id, [...ids]))
        : [],

    /** The horses of these participations with their head numbers. */
    horsesOf(participationIds: readonly number[], tx: Db = db) {
      if (!participationIds.length) return Promise.resolve([]);
      return tx
        .select({
          id: participationHorses.id,
          participationId: participationHorses.venueParticipationId,
          headNumber: participationHorses.headNumber,
          horse: { id: horses.id, name: horses.name, fei_id: horses.feiId },
        })
        .from(participationHorses)
        .innerJoin(horses, eq(horses.id, participationHorses.horseId))
        .where(inArray(participationHorses.venueParticipationId, [...participationIds]))
        .orderBy(asc(participationHorses.id));
    },

    /** The event entries of these participations. */
    eventsOf(participationIds: readonly number[]) {
      if (!participationIds.length) return Promise.resolve([]);
      return db
        .select({
          id: vecParticipations.id,
          participationId: vecParticipations.venueParticipationId,
          vec: vecParticipations.vecId,
          name: venueEventCategories.name,
          horse: vecParticipations.horseId,
        })
        .from(vecParticipations)
        .innerJoin(venueEventCategories, eq(venueEventCategories.id, vecParticipations.vecId))
        .where(inArray(vecParticipations.venueParticipationId, [...participationIds]))
        .orderBy(asc(vecParticipations.id));
    },
  };
}

export type ParticipationRepo = ReturnType<typeof createParticipationRepo>;
