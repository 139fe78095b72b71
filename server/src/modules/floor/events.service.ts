import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  Checkin,
  checkinInput,
  eventListQuery,
  Inspection,
  inspectionInput,
  Signin,
  signinInput,
} from '@shared/schemas/floor';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { replayOf, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { attendeeCheckins, riderSignins, vetInspections } from '../../db/schema';
import { createAttendeeRepo } from './attendee.repo';
import { lookupWithKey, writeOneRow, type OneRowWrite } from './event-write';
import { createEventsRepo, type EventFilter } from './events.repo';
import { toCheckin, toInspection, toSignin } from './floor-wire';

type CheckinInput = z.output<typeof checkinInput>;
type SigninInput = z.output<typeof signinInput>;
type InspectionInput = z.output<typeof inspectionInput>;
type EventListQuery = z.output<typeof eventListQuery>;

interface EventInput {
  occurred_at?: string;
  device_id?: string | null;
}

/** Who, when and from which device: the columns every floor event carries. */
const eventValues = (user: RequestUser, input: EventInput, claim: IdempotencyClaim) => ({
  occurredAt: input.occurred_at ? new Date(input.occurred_at) : new Date(),
  recordedByUserId: user.id,
  deviceId: input.device_id ? input.device_id : null,
  clientKey: claim.key,
});

type Page<T> = Promise<{ count: number; results: T[] }>;

/**
 * Check-ins, sign-ins and vet inspections: events, the current state is the latest. Each write
 * is idempotent (its key, the event and the stored answer commit together) and audited.
 */
export function createEventsService(ctx: AppContext) {
  const repo = createEventsRepo(ctx.db);
  const attendees = createAttendeeRepo(ctx.db);

  /** By id, or by the client key it was created with at a venue of the user's. */
  const attendeeLookup = (user: RequestUser, input: CheckinInput) =>
    input.attendee !== undefined
      ? sql`SELECT id, venue_id AS "venueId" FROM attendees WHERE id = ${input.attendee}`
      : sql`SELECT id, venue_id AS "venueId" FROM attendees WHERE client_key = ${input.attendee_key ?? ''}
          AND (${user.roles.includes('admin')} OR venue_id = ${user.assignedVenueId ?? 0}) ORDER BY id LIMIT 1`;

  /**
   * A floor event: what it refers to and a stored answer to its key read at once (a replay
   * answers first), then the event, its key and its audit row in one statement (event-write.ts).
   */
  async function writeEvent<T>(
    request: FastifyRequest,
    claim: IdempotencyClaim,
    lookup: SQL,
    missing: () => AppError,
    write: (found: { id: number; venueId: number }, recordedAt: Date) => Omit<OneRowWrite<T>, 'claim'>,
  ): Promise<Outcome<T>> {
    const user = sessionOf(request);
    const { found, stored } = await lookupWithKey<{ id: number; venueId: number }>(ctx.db, claim, lookup);
    if (stored) return replayOf<T>(claim, stored);
    if (!found) throw missing();
    assertVenueAccess(user, found.venueId);
    return writeOneRow(ctx.db, request, { ...write(found, new Date()), claim });
  }

  /** The list's venue and parent: a named parent decides the venue (membership checked). */
  async function filterOf(
    user: RequestUser,
    venue: number | undefined,
    parent: number | undefined,
    find: (id: number) => Promise<{ venueId: number } | undefined>,
  ): Promise<EventFilter> {
    if (parent === undefined) return { venue: listVenue(user, venue) };
    const row = await find(parent);
    if (!row) throw new AppError('not_found');
    assertVenueAccess(user, row.venueId);
    return { venue: venue ?? row.venueId, parent };
  }

  return {
    async checkin(request: FastifyRequest, input: CheckinInput, claim: IdempotencyClaim): Promise<Outcome<Checkin>> {
      const user = sessionOf(request);
      return writeEvent(
        request,
        claim,
        attendeeLookup(user, input),
        () => fieldError('attendee', 'does_not_exist'),
        (attendee, recordedAt) => {
          const values = { venueId: attendee.venueId, attendeeId: attendee.id, action: input.action };
          const row = { ...values, ...eventValues(user, input, claim), recordedAt };
          return {
            table: attendeeCheckins,
            values: row,
            answer: toCheckin({ id: 0, floorSeq: 0, ...row }, null),
            recordedBy: user.id,
            audit: {
              action: 'attendee.checkin',
              details: {
                id: 0,
                venue: attendee.venueId,
                attendee: attendee.id,
                action: input.action,
                device: row.deviceId,
              },
            },
          };
        },
      );
    },

    async signin(request: FastifyRequest, input: SigninInput, claim: IdempotencyClaim): Promise<Outcome<Signin>> {
      const user = sessionOf(request);
      return writeEvent(
        request,
        claim,
        sql`SELECT id, venue_id AS "venueId" FROM venue_participations WHERE id = ${input.participation}`,
        () => fieldError('participation', 'does_not_exist'),
        (participation, recordedAt) => {
          const values = {
            venueId: participation.venueId,
            venueParticipationId: participation.id,
            action: input.action,
          };
          const row = { ...values, ...eventValues(user, input, claim), recordedAt };
          const details = {
            id: 0,
            venue: participation.venueId,
            participation: participation.id,
            action: input.action,
          };
          return {
            table: riderSignins,
            values: row,
            answer: toSignin({ id: 0, floorSeq: 0, ...row }, null),
            recordedBy: user.id,
            audit: { action: 'rider.signin', details: { ...details, device: row.deviceId } },
            signin: true,
          };
        },
      );
    },

    async inspect(
      request: FastifyRequest,
      input: InspectionInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<Inspection>> {
      const user = sessionOf(request);
      return writeEvent(
        request,
        claim,
        sql`SELECT id, venue_id AS "venueId" FROM participation_horses WHERE id = ${input.horse}`,
        () => fieldError('horse', 'does_not_exist'),
        (horse, recordedAt) => {
          const values = {
            venueId: horse.venueId,
            participationHorseId: horse.id,
            status: input.status,
            notes: input.notes,
            inspector: input.inspector,
          };
          const row = { ...values, ...eventValues(user, input, claim), recordedAt };
          return {
            table: vetInspections,
            values: row,
            answer: toInspection({ id: 0, floorSeq: 0, ...row }, null),
            recordedBy: user.id,
            audit: {
              action: 'horse.inspection',
              details: { id: 0, venue: horse.venueId, horse: horse.id, status: input.status, device: row.deviceId },
            },
          };
        },
      );
    },

    async checkins(user: RequestUser, query: EventListQuery): Page<Checkin> {
      const filter = await filterOf(user, query.venue, query.attendee, (id) => attendees.findById(id));
      const { count, rows } = await repo.checkins(filter, pageOf(query));
      return { count, results: rows.map((r) => toCheckin(r.row, r.recordedBy)) };
    },

    async signins(user: RequestUser, query: EventListQuery): Page<Signin> {
      const filter = await filterOf(user, query.venue, query.participation, (id) => repo.participation(id));
      const { count, rows } = await repo.signins(filter, pageOf(query));
      return { count, results: rows.map((r) => toSignin(r.row, r.recordedBy)) };
    },

    async inspections(user: RequestUser, query: EventListQuery): Page<Inspection> {
      const filter = await filterOf(user, query.venue, query.horse, (id) => repo.participationHorse(id));
      const { count, rows } = await repo.inspections(filter, pageOf(query));
      return { count, results: rows.map((r) => toInspection(r.row, r.recordedBy)) };
    },
  };
}
