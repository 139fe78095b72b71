import type { FastifyRequest } from 'fastify';
import type { ChargeCategory } from '@shared/ledger';
import type { ListQuery } from '@shared/schemas/pagination';
import type { Consumable } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import type { RequestUser } from '../../types';
import { createTaxTypeRepo } from '../configuration/tax-type.repo';
import { sessionOf } from '../../http/session';
import { assertManagesVenue } from '../venue/venue-access';
import { listVenue } from '../venue/venue-scope';
import { createVenueRepo } from '../venue/venue.repo';
import { createConsumableRepo, type NewConsumable } from './consumable.repo';
import { toConsumable } from './consumable.wire';

interface ConsumableFields {
  name?: string;
  category?: ChargeCategory;
  unit?: string;
  unit_price?: number;
  tax_type?: number | null;
  active?: boolean;
}

/** What a venue sells: boxes, shavings, hay… A sold article is deactivated instead of deleted. */
export function createConsumableService(ctx: AppContext) {
  const repo = createConsumableRepo(ctx.db);
  const taxTypes = createTaxTypeRepo(ctx.db);
  const venues = createVenueRepo(ctx.db);

  async function columnsOf(input: ConsumableFields): Promise<Partial<NewConsumable>> {
    if (input.tax_type && !(await taxTypes.findById(input.tax_type))) throw fieldError('tax_type', 'does_not_exist');
    return {
      name: input.name,
      category: input.category,
      unit: input.unit,
      unitPriceMinor: input.unit_price,
      taxTypeId: input.tax_type,
      active: input.active,
    };
  }

  /** An article, once the user may change its venue's price list (404 before 403). */
  async function managed(request: FastifyRequest, id: number): Promise<void> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    assertManagesVenue(sessionOf(request), row.venueId);
  }

  return {
    async list(
      user: RequestUser,
      query: ListQuery & { venue?: number; active?: boolean },
    ): Promise<{ count: number; results: Consumable[] }> {
      const venueId = listVenue(user, query.venue, { office: true });
      const { count, rows } = await repo.list({ venueId, active: query.active }, pageOf(query));
      return { count, results: rows.map(toConsumable) };
    },

    async create(request: FastifyRequest, input: ConsumableFields & { venue: number }): Promise<Consumable> {
      if (!(await venues.findById(input.venue))) throw fieldError('venue', 'does_not_exist');
      assertManagesVenue(sessionOf(request), input.venue);
      const columns = await columnsOf(input);
      const row = await ctx.db.transaction(async (tx) => {
        const created = await repo.insert({ ...columns, venueId: input.venue } as NewConsumable, tx);
        await ctx.audit.record(request, { action: 'consumable.create', details: { id: created.id, ...input } }, tx);
        return created;
      });
      return toConsumable(row);
    },

    async update(request: FastifyRequest, id: number, patch: ConsumableFields): Promise<Consumable> {
      await managed(request, id);
      const columns = await columnsOf(patch);
      const row = await ctx.db.transaction(async (tx) => {
        const updated = await repo.update(id, columns, tx);
        if (!updated) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'consumable.update', details: { id, ...patch } }, tx);
        return updated;
      });
      return toConsumable(row);
    },

    /** Deleted if never sold (null); otherwise deactivated and returned, so the history stays whole. */
    async delete(request: FastifyRequest, id: number): Promise<Consumable | null> {
      return ctx.db.transaction(async (tx) => {
        const article = await repo.findById(id, tx);
        if (!article) throw new AppError('not_found');
        assertManagesVenue(sessionOf(request), article.venueId);
        if (await repo.sold(id, tx)) {
          const row = await repo.update(id, { active: false }, tx);
          await ctx.audit.record(request, { action: 'consumable.deactivate', details: { id } }, tx);
          return toConsumable(row!);
        }
        await repo.delete(id, tx);
        await ctx.audit.record(request, { action: 'consumable.delete', details: { id } }, tx);
        return null;
      });
    },
  };
}
