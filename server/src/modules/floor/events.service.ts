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
import type { Db } from '../../db/client';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createAttendeeRepo } from './attendee.repo';
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
  async function attendeeOf(tx: Db, user: RequestUser, input: CheckinInput) {
    const anyVenue = user.roles.includes('admin');
    const found =
      input.attendee !== undefined
        ? await attendees.findById(input.attendee, tx)
        : await attendees.findByKey(input.attendee_key ?? '', anyVenue ? null : (user.assignedVenueId ?? 0), tx);
    if (!found) throw fieldError('attendee', 'does_not_exist');
    assertVenueAccess(user, found.venueId);
    return found;
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
      return idempotent(ctx.db, claim, async (tx) => {
        const attendee = await attendeeOf(tx, user, input);
        const values = eventValues(user, input, claim);
        const row = await repo.insertCheckin(
          { venueId: attendee.venueId, attendeeId: attendee.id, action: input.action, ...values },
          tx,
        );
        const details = {
          id: row.id,
          venue: row.venueId,
          attendee: attendee.id,
          action: row.action,
          device: row.deviceId,
        };
        await ctx.audit.record(request, { action: 'attendee.checkin', details }, tx);
        return { status: 201, body: toCheckin(row, await repo.userName(user.id, tx)) };
      });
    },

    async signin(request: FastifyRequest, input: SigninInput, claim: IdempotencyClaim): Promise<Outcome<Signin>> {
      const user = sessionOf(request);
      return idempotent(ctx.db, claim, async (tx) => {
        const participation = await repo.participation(input.participation, tx);
        if (!participation) throw fieldError('participation', 'does_not_exist');
        assertVenueAccess(user, participation.venueId);
        const values = eventValues(user, input, claim);
        const row = await repo.insertSignin(
          { venueId: participation.venueId, venueParticipationId: participation.id, action: input.action, ...values },
          tx,
        );
        const details = { id: row.id, venue: row.venueId, participation: participation.id, action: row.action };
        await ctx.audit.record(request, { action: 'rider.signin', details: { ...details, device: row.deviceId } }, tx);
        return { status: 201, body: toSignin(row, await repo.userName(user.id, tx)) };
      });
    },

    async inspect(
      request: FastifyRequest,
      input: InspectionInput,
      claim: IdempotencyClaim,
    ): Promise<Outcome<Inspection>> {
      const user = sessionOf(request);
      return idempotent(ctx.db, claim, async (tx) => {
        const horse = await repo.participationHorse(input.horse, tx);
        if (!horse) throw fieldError('horse', 'does_not_exist');
        assertVenueAccess(user, horse.venueId);
        const values = eventValues(user, input, claim);
        const row = await repo.insertInspection(
          {
            venueId: horse.venueId,
            participationHorseId: horse.id,
            status: input.status,
            notes: input.notes,
            inspector: input.inspector,
            ...values,
          },
          tx,
        );
        const details = { id: row.id, venue: row.venueId, horse: horse.id, status: row.status, device: row.deviceId };
        await ctx.audit.record(request, { action: 'horse.inspection', details }, tx);
        return { status: 201, body: toInspection(row, await repo.userName(user.id, tx)) };
      });
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
