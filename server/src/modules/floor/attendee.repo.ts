import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AttendeeKind } from '@shared/schemas/floor';
import type { Db } from '../../db/client';
import { attendees as a, venues } from '../../db/schema';
import type { Page } from '../../http/pagination';
import { containsPattern } from '../people/search-pattern';
import { isoTime } from './floor-sql';

export type AttendeeRecord = typeof a.$inferSelect;
export type NewAttendee = typeof a.$inferInsert;

export interface AttendeeFilter {
  venue: number;
  search?: string;
  kind?: AttendeeKind;
}

/*
 * The current state is the latest event (by the device clock that recorded it). The outer row is
 * named in full: drizzle writes a single table's columns unqualified.
 */
const latestAction = sql<string | null>`(SELECT c.action FROM attendee_checkins c
  WHERE c.attendee_id = attendees.id ORDER BY c.occurred_at DESC, c.id DESC LIMIT 1)`;
const lastCheckinAt = sql<string | null>`(SELECT ${isoTime(sql`max(c.occurred_at)`)} FROM attendee_checkins c
  WHERE c.attendee_id = attendees.id AND c.action = 'in')`;

function conditions(f: AttendeeFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(a.venueId, f.venue)];
  if (f.kind) where.push(eq(a.kind, f.kind));
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(
      or(
        sql`(${a.firstName} || ' ' || ${a.lastName}) ILIKE ${pattern}`,
        ilike(a.email, pattern),
        ilike(a.badge, pattern),
        ilike(a.organisation, pattern),
      ),
    );
  }
  return and(...where);
}

export function createAttendeeRepo(db: Db) {
  return {
    async venueExists(id: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, id));
      return row !== undefined;
    },

    async insert(values: NewAttendee, tx: Db = db): Promise<AttendeeRecord> {
      const [row] = await tx.insert(a).values(values).returning();
      if (!row) throw new Error('attendee insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<NewAttendee>, tx: Db = db): Promise<AttendeeRecord | undefined> {
      const [row] = await tx.update(a).set(values).where(eq(a.id, id)).returning();
      return row;
    },

    async findById(id: number, tx: Db = db): Promise<AttendeeRecord | undefined> {
      const [row] = await tx.select().from(a).where(eq(a.id, id));
      return row;
    },

    /** The attendee created with this client key, at one venue or (null) at any. */
    async findByKey(key: string, venue: number | null, tx: Db = db): Promise<AttendeeRecord | undefined> {
      const [row] = await tx
        .select()
        .from(a)
        .where(and(eq(a.clientKey, key), venue === null ? undefined : eq(a.venueId, venue)))
        .orderBy(asc(a.id))
        .limit(1);
      return row;
    },

    /** A page of a venue's attendees by name, each with their current check-in state. */
    async list(filter: AttendeeFilter, page: Page, tx: Db = db) {
      const where = conditions(filter);
      const [total] = await tx.select({ n: count() }).from(a).where(where);
      const rows = await tx
        .select({ row: a, action: latestAction, lastCheckinAt })
        .from(a)
        .where(where)
        .orderBy(asc(a.lastName), asc(a.firstName), asc(a.id))
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
