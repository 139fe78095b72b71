import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Attendee, AttendeeRow, attendeeEdit, attendeeInput, attendeeListQuery } from '@shared/schemas/floor';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { idempotent, replayOf, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { violatedUniqueIndex } from '../configuration/pg-errors';
import { assertVenueAccess } from '../venue/venue-access';
import { attendees } from '../../db/schema';
import { createAttendeeRepo, type NewAttendee } from './attendee.repo';
import { lookupWithKey, writeOneRow } from './event-write';
import { toAttendee } from './floor-wire';

type AttendeeInput = z.output<typeof attendeeInput>;
type AttendeeEdit = z.output<typeof attendeeEdit>;
type AttendeeListQuery = z.output<typeof attendeeListQuery>;

/** An empty text is no value. */
const orNull = (value: string | null | undefined) => (value ? value : null);

/** The columns an edit names; a field left out keeps its value. */
function columnsOf(edit: AttendeeEdit): Partial<NewAttendee> {
  const columns: Partial<NewAttendee> = {};
  if (edit.first_name !== undefined) columns.firstName = edit.first_name;
  if (edit.last_name !== undefined) columns.lastName = edit.last_name;
  if (edit.email !== undefined) columns.email = orNull(edit.email);
  if (edit.phone !== undefined) columns.phone = orNull(edit.phone);
  if (edit.kind !== undefined) columns.kind = edit.kind;
  if (edit.role !== undefined) columns.role = edit.role ?? null;
  if (edit.organisation !== undefined) columns.organisation = orNull(edit.organisation);
  if (edit.badge !== undefined) columns.badge = orNull(edit.badge);
  return columns;
}

/** A badge is unique per venue: a second one is a field error, also when two desks race. */
export async function badgeChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (violatedUniqueIndex(err) === 'attendees_venue_badge_key') throw fieldError('badge', 'duplicate');
    if (violatedUniqueIndex(err) === 'attendees_venue_client_key') throw new AppError('conflict');
    throw err;
  }
}

/** The welcome desk's attendees (DOMAIN.md "Attendee"). */
export function createAttendeeService(ctx: AppContext) {
  const repo = createAttendeeRepo(ctx.db);

  return {
    async list(user: RequestUser, query: AttendeeListQuery): Promise<{ count: number; results: AttendeeRow[] }> {
      if (!(await repo.venueExists(query.venue))) throw new AppError('not_found');
      assertVenueAccess(user, query.venue);
      const { count, rows } = await repo.list(
        { venue: query.venue, search: query.search, kind: query.kind },
        pageOf(query),
      );
      return {
        count,
        results: rows.map(({ row, action, lastCheckinAt }) => ({
          ...toAttendee(row),
          checked_in: action === 'in',
          last_checkin_at: lastCheckinAt,
        })),
      };
    },

    /**
     * A new attendee; its client key is the request's Idempotency-Key (offline rows match it).
     * The venue and a stored answer to the key are read at once (a replay answers first), then
     * the attendee, its key and its audit row are written in one statement (event-write.ts).
     */
    async create(request: FastifyRequest, input: AttendeeInput, claim: IdempotencyClaim): Promise<Outcome<Attendee>> {
      const user = sessionOf(request);
      assertVenueAccess(user, input.venue);
      const { found, stored } = await lookupWithKey(
        ctx.db,
        claim,
        sql`SELECT id FROM venues WHERE id = ${input.venue}`,
      );
      if (stored) return replayOf<Attendee>(claim, stored);
      if (!found) throw fieldError('venue', 'does_not_exist');
      const now = new Date();
      const values = {
        venueId: input.venue,
        firstName: input.first_name,
        lastName: input.last_name,
        email: orNull(input.email),
        phone: orNull(input.phone),
        kind: input.kind,
        role: input.role ?? null,
        organisation: orNull(input.organisation),
        badge: orNull(input.badge),
        createdByUserId: user.id,
        clientKey: claim.key,
        createdAt: now,
        updatedAt: now,
      };
      const device = orNull(input.device_id);
      return badgeChecked(
        writeOneRow(ctx.db, request, {
          table: attendees,
          values,
          claim,
          answer: toAttendee({ id: 0, userId: null, floorSeq: 0, ...values }),
          audit: { action: 'attendee.create', details: { id: 0, venue: input.venue, device } },
        }),
      );
    },

    async edit(
      request: FastifyRequest,
      id: number,
      edit: AttendeeEdit,
      claim: IdempotencyClaim | null,
    ): Promise<Outcome<Attendee>> {
      const user = sessionOf(request);
      return badgeChecked(
        idempotent(ctx.db, claim, async (tx) => {
          const before = await repo.findById(id, tx);
          if (!before) throw new AppError('not_found');
          assertVenueAccess(user, before.venueId);
          const columns = columnsOf(edit);
          const row = Object.keys(columns).length ? await repo.update(id, columns, tx) : before;
          if (!row) throw new AppError('not_found');
          const fields = Object.keys(edit);
          await ctx.audit.record(
            request,
            { action: 'attendee.update', details: { id, venue: row.venueId, fields } },
            tx,
          );
          return { status: 200, body: toAttendee(row) };
        }),
      );
    },
  };
}
