import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '@shared/schemas/pagination';
import type { Vec } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { isForeignKeyViolation } from '../configuration/pg-errors';
import { createReferenceRepo } from '../configuration/reference.repo';
import { sessionOf } from '../../http/session';
import { assertManagesVenue, assertVenueAccess } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createVenueRepo } from '../venue/venue.repo';
import { createVecRepo, type NewVec, type VecRow } from './vec.repo';

export const toVec = (row: VecRow): Vec => ({
  id: row.id,
  venue: row.venueId,
  event_category: row.eventCategoryId,
  event_category_code: row.eventCategoryCode,
  name: row.name,
  default_entry_fee: row.defaultEntryFeeMinor,
});

interface VecFields {
  event_category?: number;
  name?: string;
  default_entry_fee?: number;
}

/** The events of a venue (VECs): admins write, the venue's show office reads. */
export function createVecService(ctx: AppContext) {
  const repo = createVecRepo(ctx.db);
  const reference = createReferenceRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  async function columnsOf(input: VecFields): Promise<Partial<NewVec>> {
    if (input.event_category !== undefined && !(await reference.findEventCategory(input.event_category))) {
      throw fieldError('event_category', 'does_not_exist');
    }
    return {
      eventCategoryId: input.event_category,
      name: input.name,
      defaultEntryFeeMinor: input.default_entry_fee,
    };
  }

  /** The event, once the user may change its venue's setup (404 before 403). */
  async function managed(request: FastifyRequest, id: number): Promise<VecRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    assertManagesVenue(sessionOf(request), row.venueId);
    return row;
  }

  return {
    managed,

    /** The event, once the user may read its venue's setup. */
    async readable(user: RequestUser, id: number): Promise<VecRow> {
      const row = await repo.findById(id);
      if (!row) throw new AppError('not_found');
      assertVenueAccess(user, row.venueId, { office: true });
      return row;
    },

    async list(user: RequestUser, query: ListQuery & { venue?: number }): Promise<{ count: number; results: Vec[] }> {
      const venueId = listVenue(user, query.venue, { office: true });
      const { count, rows } = await repo.list(venueId, pageOf(query));
      return { count, results: rows.map(toVec) };
    },

    async create(request: FastifyRequest, input: Required<VecFields> & { venue: number }): Promise<Vec> {
      if (!(await venues.findById(input.venue))) throw fieldError('venue', 'does_not_exist');
      assertManagesVenue(sessionOf(request), input.venue);
      const columns = await columnsOf(input);
      const id = await ctx.db.transaction(async (tx) => {
        const created = await repo.insert({ ...columns, venueId: input.venue } as NewVec, tx);
        await ctx.audit.record(request, { action: 'vec.create', details: { id: created, ...input } }, tx);
        return created;
      });
      return toVec((await repo.findById(id))!);
    },

    async update(request: FastifyRequest, id: number, patch: VecFields): Promise<Vec> {
      await managed(request, id);
      const columns = await columnsOf(patch);
      await ctx.db.transaction(async (tx) => {
        if (!(await repo.update(id, columns, tx))) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'vec.update', details: { id, ...patch } }, tx);
      });
      return toVec((await repo.findById(id))!);
    },

    /** An event with entries or posted transactions stays: 409 in_use. */
    async delete(request: FastifyRequest, id: number): Promise<void> {
      await ctx.db
        .transaction(async (tx) => {
          const row = await repo.findById(id, tx);
          if (!row) throw new AppError('not_found');
          assertManagesVenue(sessionOf(request), row.venueId);
          if (await repo.inUse(id, tx)) throw new AppError('in_use');
          await repo.delete(id, tx);
          await ctx.audit.record(request, { action: 'vec.delete', details: { id, venue: row.venueId } }, tx);
        })
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? new AppError('in_use') : err;
        });
    },
  };
}
