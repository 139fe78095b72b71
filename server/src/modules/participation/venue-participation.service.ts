import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { VenueParticipation } from '@shared/schemas/participation';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { horses, participationHorses, vecParticipations, venueParticipations } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { today } from '../configuration/tax-rates';
import { createVecRepo } from '../venue-setup/vec.repo';
import { assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createVenueRepo } from '../venue/venue.repo';
import { toVenueParticipations } from './participation-view';
import { createParticipationRepo, type ParticipationRow } from './participation.repo';
import { resolvePayer } from './payer';

export interface ParticipationInput {
  venue: number;
  rider: number;
  horses: number[];
  events: number[];
}

/** Riders at a venue: payer, horses and the events they are entered in. */
export function createVenueParticipationService(ctx: AppContext) {
  const repo = createParticipationRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);
  const vecs = createVecRepo(ctx.db);
  const view = (rows: readonly ParticipationRow[]) => toVenueParticipations(ctx.db, repo, rows);

  async function checkHorses(ids: readonly number[]): Promise<void> {
    if (!ids.length) return;
    const found = await ctx.db
      .select({ id: horses.id })
      .from(horses)
      .where(inArray(horses.id, [...ids]));
    if (found.length !== new Set(ids).size) throw fieldError('horses', 'does_not_exist');
  }

  async function addHorses(row: ParticipationRow, horseIds: readonly number[], tx: Db): Promise<void> {
    if (!horseIds.length) return;
    await tx
      .insert(participationHorses)
      .values(horseIds.map((horseId) => ({ venueParticipationId: row.id, venueId: row.venueId, horseId })));
  }

  /** The participation, once the user may act on its venue (`office`: the show office only). */
  async function accessible(user: RequestUser, id: number, office: boolean): Promise<ParticipationRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    assertVenueAccess(user, row.venueId, { office });
    return row;
  }

  return {
    async list(user: RequestUser, query: ListQuery & { venue?: number; search?: string; rider?: number }) {
      const venueId = listVenue(user, query.venue);
      const filter = { venueId, search: query.search, riderId: query.rider };
      const { count, rows } = await repo.list(filter, pageOf(query));
      return { count, results: await view(rows) };
    },

    get: async (user: RequestUser, id: number) => (await view([await accessible(user, id, false)]))[0]!,

    /** Enrols a rider; the payer follows the employment rule on the show's first day, or today once it runs. */
    async create(request: FastifyRequest, input: ParticipationInput): Promise<VenueParticipation> {
      assertVenueAccess(sessionOf(request), input.venue, { office: true });
      const venue = await venues.findById(input.venue);
      if (!venue) throw fieldError('venue', 'does_not_exist');
      const day = venue.startDate && venue.startDate > today() ? venue.startDate : today();
      const payer = await resolvePayer(ctx.db, input.rider, day);
      if (!payer) throw fieldError('rider', 'does_not_exist');
      const horseIds = [...new Set(input.horses)];
      await checkHorses(horseIds);
      const events = await vecs.findAtVenue(venue.id, [...new Set(input.events)]);
      if (events.length !== new Set(input.events).size) throw fieldError('events', 'not_at_venue');

      const row = await ctx.db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(venueParticipations)
            .values({ venueId: venue.id, riderId: input.rider, payerType: payer.type, payerId: payer.id })
            .returning();
          await addHorses(created!, horseIds, tx);
          const entries = events.flatMap((event) =>
            (horseIds.length ? horseIds : [null]).map((horseId) => ({
              vecId: event.id,
              venueParticipationId: created!.id,
              horseId,
              entryFeeMinor: event.defaultEntryFeeMinor,
            })),
          );
          if (entries.length) await tx.insert(vecParticipations).values(entries);
          await ctx.audit.record(
            request,
            { action: 'participation.create', details: { id: created!.id, ...input, payer } },
            tx,
          );
          return created!;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? fieldError('rider', 'duplicate') : err;
        });
      return (await view([row]))[0]!;
    },

    /** `horses` replaces the participation's horses; a removed horse's event entries go with it. */
    async update(request: FastifyRequest, id: number, patch: { horses?: number[] }): Promise<VenueParticipation> {
      const row = await accessible(sessionOf(request), id, true);
      if (patch.horses) {
        const wanted = [...new Set(patch.horses)];
        await checkHorses(wanted);
        await ctx.db.transaction(async (tx) => {
          const current = await repo.horsesOf([row.id], tx);
          const removed = current.filter((h) => !wanted.includes(h.horse.id)).map((h) => h.horse.id);
          const added = wanted.filter((horseId) => !current.some((h) => h.horse.id === horseId));
          if (removed.length) {
            const ofThis = eq(participationHorses.venueParticipationId, row.id);
            await tx.delete(participationHorses).where(and(ofThis, inArray(participationHorses.horseId, removed)));
            await tx
              .delete(vecParticipations)
              .where(
                and(eq(vecParticipations.venueParticipationId, row.id), inArray(vecParticipations.horseId, removed)),
              );
          }
          await addHorses(row, added, tx);
          await ctx.audit.record(request, { action: 'participation.update', details: { id, added, removed } }, tx);
        });
      }
      return (await view([row]))[0]!;
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      const row = await accessible(sessionOf(request), id, true);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(venueParticipations).where(eq(venueParticipations.id, row.id));
        await ctx.audit.record(
          request,
          { action: 'participation.delete', details: { id, venue: row.venueId, rider: row.riderId } },
          tx,
        );
      });
    },
  };
}
