import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  attendeeCheckins,
  participationHorses,
  riderSignins,
  venueParticipations,
  vetInspections,
} from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Page } from '../../http/pagination';
import { userName } from '../ledger/names';
import type { CheckinRecord, InspectionRecord, SigninRecord } from './floor-wire';

/** The floor's events: check-ins, sign-ins and vet inspections (append-only). */

export interface EventFilter {
  /** Undefined: every venue (an admin's list). */
  venue?: number;
  /** The attendee, participation or participation horse the events are about. */
  parent?: number;
}

const whereOf = (venue: AnyPgColumn, parent: AnyPgColumn, filter: EventFilter) =>
  and(
    filter.venue === undefined ? undefined : eq(venue, filter.venue),
    filter.parent === undefined ? undefined : eq(parent, filter.parent),
  );

type EventTable = typeof attendeeCheckins | typeof riderSignins | typeof vetInspections;

/** One page of an event table about `parent` (see EventFilter), with the count over all pages. */
async function eventPage<T extends EventTable>(tx: Db, table: T, parent: AnyPgColumn, filter: EventFilter, page: Page) {
  const t: EventTable = table;
  const where = whereOf(t.venueId, parent, filter);
  const [total] = await tx.select({ n: count() }).from(t).where(where);
  const rows = (await tx
    .select({ row: t, recordedBy: userName(t.recordedByUserId) })
    .from(t)
    .where(where)
    .orderBy(desc(t.occurredAt), desc(t.id))
    .limit(page.limit)
    .offset(page.offset)) as { row: T['$inferSelect']; recordedBy: string | null }[];
  return { count: total?.n ?? 0, rows };
}

export function createEventsRepo(db: Db) {
  return {
    /** The name the wire shows for a user. */
    async userName(id: number, tx: Db = db): Promise<string | null> {
      const [row] = rowsOf<{ name: string | null }>(await tx.execute(sql`SELECT ${userName(id)} AS name`));
      return row?.name ?? null;
    },

    async participation(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: venueParticipations.id, venueId: venueParticipations.venueId })
        .from(venueParticipations)
        .where(eq(venueParticipations.id, id));
      return row;
    },

    async participationHorse(id: number, tx: Db = db) {
      const [row] = await tx
        .select({ id: participationHorses.id, venueId: participationHorses.venueId })
        .from(participationHorses)
        .where(eq(participationHorses.id, id));
      return row;
    },

    async insertCheckin(values: typeof attendeeCheckins.$inferInsert, tx: Db = db): Promise<CheckinRecord> {
      const [row] = await tx.insert(attendeeCheckins).values(values).returning();
      if (!row) throw new Error('check-in insert returned nothing');
      return row;
    },

    /**
     * A sign-in event, and the participation's signed_in_at set from the latest event (null
     * when that is a sign-out), so the show office's participant list agrees with the floor.
     */
    async insertSignin(values: typeof riderSignins.$inferInsert, tx: Db = db): Promise<SigninRecord> {
      const [row] = await tx.insert(riderSignins).values(values).returning();
      if (!row) throw new Error('sign-in insert returned nothing');
      await tx.execute(sql`UPDATE venue_participations SET signed_in_at = (
          SELECT CASE WHEN s.action = 'in' THEN s.occurred_at END FROM rider_signins s
          WHERE s.venue_participation_id = ${row.venueParticipationId}
          ORDER BY s.occurred_at DESC, s.id DESC LIMIT 1)
        WHERE id = ${row.venueParticipationId}`);
      return row;
    },

    async insertInspection(values: typeof vetInspections.$inferInsert, tx: Db = db): Promise<InspectionRecord> {
      const [row] = await tx.insert(vetInspections).values(values).returning();
      if (!row) throw new Error('inspection insert returned nothing');
      return row;
    },

    /** Lists: newest first (device clock), each with who recorded it, and the count over all pages. */
    checkins: (filter: EventFilter, page: Page, tx: Db = db) =>
      eventPage(tx, attendeeCheckins, attendeeCheckins.attendeeId, filter, page),
    signins: (filter: EventFilter, page: Page, tx: Db = db) =>
      eventPage(tx, riderSignins, riderSignins.venueParticipationId, filter, page),
    inspections: (filter: EventFilter, page: Page, tx: Db = db) =>
      eventPage(tx, vetInspections, vetInspections.participationHorseId, filter, page),
  };
}
