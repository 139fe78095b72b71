import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@shared/schemas/pagination';
import type { vecParticipation } from '@shared/schemas/participation';
import type { z } from 'zod';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import {
  horses,
  participationHorses,
  riders,
  vecParticipations,
  venueEventCategories,
  venueParticipations,
} from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import type { RequestUser } from '../../types';
import { toPersonSummary } from '../people/person-summary';
import { createVecRepo } from '../venue-setup/vec.repo';
import { assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createParticipationRepo } from './participation.repo';

type VecParticipation = z.infer<typeof vecParticipation>;
const t = vecParticipations;

/** Entries of riders (and horses) in a venue's events, with their entry fees. */
export function createVecParticipationService(ctx: AppContext) {
  const participations = createParticipationRepo(ctx.db);
  const vecs = createVecRepo(ctx.db);

  async function select(where: SQL | undefined, page?: { limit: number; offset: number }) {
    const query = ctx.db
      .select({ entry: t, rider: riders, horse: { id: horses.id, name: horses.name } })
      .from(t)
      .innerJoin(venueParticipations, eq(venueParticipations.id, t.venueParticipationId))
      .innerJoin(venueEventCategories, eq(venueEventCategories.id, t.vecId))
      .innerJoin(riders, eq(riders.id, venueParticipations.riderId))
      .leftJoin(horses, eq(horses.id, t.horseId))
      .where(where)
      .orderBy(asc(t.vecId), asc(riders.lastName), asc(t.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    return rows.map((row): VecParticipation => ({
      id: row.entry.id,
      vec: row.entry.vecId,
      venue_participation: row.entry.venueParticipationId,
      rider: toPersonSummary(row.rider),
      horse: row.horse,
      entry_fee: row.entry.entryFeeMinor,
    }));
  }

  return {
    async list(user: RequestUser, query: ListQuery & { venue?: number; vec?: number }) {
      const venueId = listVenue(user, query.venue);
      const conditions: SQL[] = [];
      if (venueId !== undefined) conditions.push(eq(venueEventCategories.venueId, venueId));
      if (query.vec !== undefined) conditions.push(eq(t.vecId, query.vec));
      const where = and(...conditions);
      const [total] = await ctx.db
        .select({ n: count() })
        .from(t)
        .innerJoin(venueEventCategories, eq(venueEventCategories.id, t.vecId))
        .where(where);
      return { count: total?.n ?? 0, results: await select(where, pageOf(query)) };
    },

    async create(
      request: FastifyRequest,
      input: { vec: number; venue_participation: number; horse?: number | null; entry_fee?: number },
    ): Promise<VecParticipation> {
      const participation = await participations.findById(input.venue_participation);
      if (!participation) throw fieldError('venue_participation', 'does_not_exist');
      assertVenueAccess(sessionOf(request), participation.venueId, { office: true });
      const event = await vecs.findById(input.vec);
      if (!event) throw fieldError('vec', 'does_not_exist');
      if (event.venueId !== participation.venueId) throw fieldError('vec', 'not_at_venue');
      if (input.horse) {
        const [own] = await ctx.db
          .select({ id: participationHorses.id })
          .from(participationHorses)
          .where(
            and(
              eq(participationHorses.venueParticipationId, participation.id),
              eq(participationHorses.horseId, input.horse),
            ),
          );
        if (!own) throw fieldError('horse', 'not_at_venue');
      }
      const id = await ctx.db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(t)
            .values({
              vecId: event.id,
              venueParticipationId: participation.id,
              horseId: input.horse ?? null,
              entryFeeMinor: input.entry_fee ?? event.defaultEntryFeeMinor,
            })
            .returning({ id: t.id });
          await ctx.audit.record(
            request,
            { action: 'vecParticipation.create', details: { id: created!.id, ...input } },
            tx,
          );
          return created!.id;
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? fieldError('vec', 'duplicate') : err;
        });
      return (await select(eq(t.id, id)))[0]!;
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      const [entry] = await ctx.db
        .select({ id: t.id, venueId: venueEventCategories.venueId })
        .from(t)
        .innerJoin(venueEventCategories, eq(venueEventCategories.id, t.vecId))
        .where(eq(t.id, id));
      if (!entry) throw new AppError('not_found');
      assertVenueAccess(sessionOf(request), entry.venueId, { office: true });
      await ctx.db.transaction(async (tx) => {
        await tx.delete(t).where(eq(t.id, id));
        await ctx.audit.record(request, { action: 'vecParticipation.delete', details: { id } }, tx);
      });
    },
  };
}
