import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@shared/errors';
import type { HeadNumber, HeadNumberInput, VenueParticipation } from '@shared/schemas/participation';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { horses, participationHorses, venues } from '../../db/schema';
import { markDuplicates, RowErrors } from '../../http/bulk';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import { assertVenueAccess } from '../venue/venue-access';
import { createVenueRepo } from '../venue/venue.repo';
import { toVenueParticipations } from './participation-view';
import { createParticipationRepo } from './participation.repo';

type Assignment = { participation_horse: number; head_number: number };
type Range = { from: number; to: number };
export interface HeadNumberRequest {
  participations?: number[];
  assignments?: Assignment[];
}

const ph = participationHorses;

/**
 * Head numbers within the venue's range, never twice at one venue. Each change locks the venue
 * row, so two offices numbering at once take turns; the partial unique index is the last guard.
 */
export function createHeadNumberService(ctx: AppContext) {
  const repo = createParticipationRepo(ctx.db);
  const venueRepo = createVenueRepo(ctx.db);

  /** An unknown venue is 404 for everyone; a known one needs its show office (or an admin). */
  async function authorize(request: FastifyRequest, venueId: number): Promise<void> {
    if (!(await venueRepo.findById(venueId))) throw new AppError('not_found');
    assertVenueAccess(sessionOf(request), venueId, { office: true });
  }

  async function lockedVenue(tx: Db, venueId: number) {
    const [venue] = await tx
      .select({ from: venues.headNumberFrom, to: venues.headNumberTo })
      .from(venues)
      .where(eq(venues.id, venueId))
      .for('update');
    if (!venue) throw new AppError('not_found');
    return venue;
  }

  async function explicit(tx: Db, venueId: number, range: Range, assignments: Assignment[]) {
    const ids = assignments.map((a) => a.participation_horse);
    const rows = await tx
      .select({ id: ph.id })
      .from(ph)
      .where(and(eq(ph.venueId, venueId), inArray(ph.id, ids)));
    const taken = await tx
      .select({ id: ph.id, number: ph.headNumber })
      .from(ph)
      .where(and(eq(ph.venueId, venueId), isNotNull(ph.headNumber)));
    const fields: Record<number, FieldErrors> = {};
    // A number stays free for this request when the horse holding it gets another one in it.
    const moving = new Set(assignments.map((a) => a.participation_horse));
    assignments.forEach((a, i) => {
      const holder = taken.find((t) => t.number === a.head_number && !moving.has(t.id));
      if (!rows.some((r) => r.id === a.participation_horse)) fields[i] = { participation_horse: ['not_at_venue'] };
      else if (a.head_number < range.from || a.head_number > range.to) {
        fields[i] = { head_number: ['head_number_out_of_range'] };
      } else if (holder || assignments.some((b, j) => j !== i && b.head_number === a.head_number)) {
        fields[i] = { head_number: ['head_number_taken'] };
      }
    });
    if (Object.keys(fields).length) throw new AppError('validation', { fields: { assignments: fields } });
    // Free the numbers first, so two horses may swap theirs in one request.
    await tx.update(ph).set({ headNumber: null }).where(inArray(ph.id, ids));
    for (const a of assignments)
      await tx.update(ph).set({ headNumber: a.head_number }).where(eq(ph.id, a.participation_horse));
    return assignments.length;
  }

  /** Every horse without a number gets the next free one from the start of the range. */
  async function automatic(tx: Db, venueId: number, range: Range, ids?: number[]) {
    const waiting = await tx
      .select({ id: ph.id })
      .from(ph)
      .where(
        and(
          eq(ph.venueId, venueId),
          isNull(ph.headNumber),
          ids ? inArray(ph.venueParticipationId, ids.length ? ids : [0]) : undefined,
        ),
      )
      .orderBy(ph.venueParticipationId, ph.id);
    if (!waiting.length) return 0;
    const used = await tx
      .select({ number: sql<number>`${ph.headNumber}` })
      .from(ph)
      .where(and(eq(ph.venueId, venueId), isNotNull(ph.headNumber)));
    const usedSet = new Set(used.map((u) => u.number));
    const free: number[] = [];
    for (let n = range.from; n <= range.to && free.length < waiting.length; n++) if (!usedSet.has(n)) free.push(n);
    if (free.length < waiting.length) throw fieldError('__all__', 'no_head_number_range');
    for (const [i, row] of waiting.entries()) await tx.update(ph).set({ headNumber: free[i] }).where(eq(ph.id, row.id));
    return waiting.length;
  }

  async function result(venueId: number, ids: number[] | undefined) {
    const rows = await repo.ofVenue(venueId, ids);
    const results: VenueParticipation[] = await toVenueParticipations(ctx.db, repo, rows);
    return { count: results.length, results };
  }

  /** Participation horses with their venue and horse, as the head-number resource shows them. */
  async function headNumbersOf(tx: Db, ids: number[]): Promise<HeadNumber[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({
        id: ph.id,
        venue: ph.venueId,
        participation: ph.venueParticipationId,
        number: ph.headNumber,
        horseId: horses.id,
        horseName: horses.name,
        horseFeiId: horses.feiId,
      })
      .from(ph)
      .innerJoin(horses, eq(horses.id, ph.horseId))
      .where(inArray(ph.id, ids))
      .orderBy(asc(ph.id));
    return rows.map((r) => ({
      participation_horse: r.id,
      venue: r.venue,
      venue_participation: r.participation,
      horse: { id: r.horseId, name: r.horseName, fei_id: r.horseFeiId },
      head_number: r.number,
    }));
  }

  /**
   * POST /api/v1/headNumber/ (one object or a pasted list): each horse gets the number named,
   * within its venue's range and never held by another horse of the venue (a horse of the same
   * request giving its number up frees it, so numbers may swap). The show office of every row's
   * venue only (else 403). All rows or none, one transaction with the venues locked; row errors
   * keyed by index. Setting a number again is harmless, so a retry changes nothing.
   */
  async function set(
    request: FastifyRequest,
    rows: HeadNumberInput[],
    many: boolean,
    claim: IdempotencyClaim | null,
  ): Promise<Outcome<HeadNumber[] | HeadNumber>> {
    const user = sessionOf(request);
    const ids = [...new Set(rows.map((row) => row.participation_horse))];
    const known = new Map((await headNumbersOf(ctx.db, ids)).map((h) => [h.participation_horse, h]));
    const venueIds = [...new Set([...known.values()].map((h) => h.venue))].sort((a, b) => a - b);
    for (const venueId of venueIds) assertVenueAccess(user, venueId, { office: true });
    return idempotent(ctx.db, claim, async (tx) => {
      const ranges = new Map<number, { from: number | null; to: number | null }>();
      for (const venueId of venueIds) ranges.set(venueId, await lockedVenue(tx, venueId));
      const errors = new RowErrors();
      markDuplicates(rows, (row) => String(row.participation_horse), errors, 'participation_horse');
      markDuplicates(
        rows,
        (row) => {
          const venue = known.get(row.participation_horse)?.venue;
          return venue === undefined ? null : `${venue}:${row.head_number}`;
        },
        errors,
        'head_number',
        'head_number_taken',
      );
      const taken = venueIds.length
        ? await tx
            .select({ id: ph.id, venue: ph.venueId, number: ph.headNumber })
            .from(ph)
            .where(and(inArray(ph.venueId, venueIds), isNotNull(ph.headNumber)))
        : [];
      const moving = new Set(ids);
      rows.forEach((row, i) => {
        const horse = known.get(row.participation_horse);
        if (!horse) return errors.add(i, 'participation_horse', 'does_not_exist');
        const range = ranges.get(horse.venue)!;
        if (range.from === null || range.to === null) return errors.add(i, 'head_number', 'no_head_number_range');
        if (row.head_number < range.from || row.head_number > range.to) {
          return errors.add(i, 'head_number', 'head_number_out_of_range');
        }
        const holder = taken.find((t) => t.venue === horse.venue && t.number === row.head_number);
        if (holder && !moving.has(holder.id)) errors.add(i, 'head_number', 'head_number_taken');
      });
      errors.throwIfAny(many);
      await tx.update(ph).set({ headNumber: null }).where(inArray(ph.id, ids));
      for (const row of rows) {
        await tx.update(ph).set({ headNumber: row.head_number }).where(eq(ph.id, row.participation_horse));
      }
      await ctx.audit.record(
        request,
        { action: 'headNumbers.set', details: { count: rows.length, venues: venueIds } },
        tx,
      );
      const now = new Map((await headNumbersOf(tx, ids)).map((h) => [h.participation_horse, h]));
      const body = rows.map((row) => now.get(row.participation_horse)!);
      return { status: 201, body: many ? body : body[0]! };
    }).catch((err: unknown) => {
      throw isUniqueViolation(err) ? fieldError('__all__', 'head_number_taken') : err;
    });
  }

  return {
    set,

    async assign(request: FastifyRequest, venueId: number, input: HeadNumberRequest) {
      await authorize(request, venueId);
      await ctx.db
        .transaction(async (tx) => {
          const venue = await lockedVenue(tx, venueId);
          if (venue.from === null || venue.to === null) throw fieldError('__all__', 'no_head_number_range');
          const range = { from: venue.from, to: venue.to };
          const assigned = input.assignments?.length
            ? await explicit(tx, venueId, range, input.assignments)
            : await automatic(tx, venueId, range, input.participations);
          await ctx.audit.record(
            request,
            {
              action: 'headNumbers.assign',
              details: { venue: venueId, assigned, explicit: !!input.assignments?.length },
            },
            tx,
          );
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? fieldError('__all__', 'head_number_taken') : err;
        });
      return result(venueId, input.participations);
    },

    async clear(request: FastifyRequest, venueId: number, input: { participations?: number[] }) {
      await authorize(request, venueId);
      await ctx.db.transaction(async (tx) => {
        await lockedVenue(tx, venueId);
        const ids = input.participations;
        const cleared = await tx
          .update(ph)
          .set({ headNumber: null })
          .where(
            and(
              eq(ph.venueId, venueId),
              isNotNull(ph.headNumber),
              ids ? inArray(ph.venueParticipationId, ids.length ? ids : [0]) : undefined,
            ),
          )
          .returning({ id: ph.id });
        await ctx.audit.record(
          request,
          { action: 'headNumbers.delete', details: { venue: venueId, cleared: cleared.length } },
          tx,
        );
      });
      return result(venueId, input.participations);
    },
  };
}
