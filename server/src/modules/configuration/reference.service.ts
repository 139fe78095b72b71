import type { FastifyRequest } from 'fastify';
import type { Country, Currency, EventCategory } from '@shared/schemas/configuration';
import { DISCIPLINES } from '@shared/schemas/configuration';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { isForeignKeyViolation, violatedUniqueIndex } from './pg-errors';
import { createReferenceRepo, type EventCategoryRow } from './reference.repo';

const toEventCategory = (row: EventCategoryRow): EventCategory => ({
  id: row.id,
  code: row.code,
  name: row.name,
  discipline: (DISCIPLINES as readonly string[]).includes(row.discipline)
    ? (row.discipline as EventCategory['discipline'])
    : 'other',
});

/** A second row with the same code is a field error on `code`. */
function duplicateCode(err: unknown): never {
  if (violatedUniqueIndex(err) !== undefined) throw fieldError('code', 'duplicate');
  throw err;
}

const existing = <T>(row: T | undefined): T => {
  if (!row) throw new AppError('not_found');
  return row;
};

export function createReferenceService(ctx: AppContext) {
  const repo = createReferenceRepo(ctx.db);
  const audit = (request: FastifyRequest, action: string, details: Record<string, unknown>) =>
    ctx.audit.record(request, { action, details });

  return {
    async listCountries(query: ListQuery): Promise<{ count: number; results: Country[] }> {
      const { count, rows } = await repo.listCountries(pageOf(query));
      return { count, results: rows };
    },
    async createCountry(request: FastifyRequest, input: Country): Promise<Country> {
      const row = await repo.insertCountry(input).catch(duplicateCode);
      await audit(request, 'country.create', { code: row.code });
      return row;
    },
    async updateCountry(request: FastifyRequest, code: string, patch: Partial<Country>): Promise<Country> {
      const row = existing(await repo.updateCountry(code, patch).catch(duplicateCode));
      await audit(request, 'country.update', { code, ...patch });
      return row;
    },
    async deleteCountry(request: FastifyRequest, code: string): Promise<void> {
      if (!(await repo.deleteCountry(code))) throw new AppError('not_found');
      await audit(request, 'country.delete', { code });
    },

    async listCurrencies(query: ListQuery): Promise<{ count: number; results: Currency[] }> {
      const { count, rows } = await repo.listCurrencies(pageOf(query));
      return { count, results: rows };
    },
    async createCurrency(request: FastifyRequest, input: Currency): Promise<Currency> {
      const row = await repo.insertCurrency(input).catch(duplicateCode);
      await audit(request, 'currency.create', { code: row.code });
      return row;
    },
    async updateCurrency(request: FastifyRequest, code: string, patch: Partial<Currency>): Promise<Currency> {
      const row = existing(await repo.updateCurrency(code, patch).catch(duplicateCode));
      await audit(request, 'currency.update', { code, ...patch });
      return row;
    },
    async deleteCurrency(request: FastifyRequest, code: string): Promise<void> {
      if (!(await repo.deleteCurrency(code))) throw new AppError('not_found');
      await audit(request, 'currency.delete', { code });
    },

    async listEventCategories(query: ListQuery): Promise<{ count: number; results: EventCategory[] }> {
      const { count, rows } = await repo.listEventCategories(pageOf(query));
      return { count, results: rows.map(toEventCategory) };
    },
    async createEventCategory(request: FastifyRequest, input: Omit<EventCategory, 'id'>): Promise<EventCategory> {
      const row = await repo.insertEventCategory(input).catch(duplicateCode);
      await audit(request, 'eventCategory.create', { id: row.id, code: row.code });
      return toEventCategory(row);
    },
    async updateEventCategory(
      request: FastifyRequest,
      id: number,
      patch: Partial<Omit<EventCategory, 'id'>>,
    ): Promise<EventCategory> {
      const row = existing(await repo.updateEventCategory(id, patch).catch(duplicateCode));
      await audit(request, 'eventCategory.update', { id, ...patch });
      return toEventCategory(row);
    },
    /** A category that venues' events use stays: 409 in_use. */
    async deleteEventCategory(request: FastifyRequest, id: number): Promise<void> {
      await ctx.db
        .transaction(async (tx) => {
          existing(await repo.findEventCategory(id, tx));
          if (await repo.eventCategoryUses(id, tx)) throw new AppError('in_use');
          await repo.deleteEventCategory(id, tx);
          await ctx.audit.record(request, { action: 'eventCategory.delete', details: { id } }, tx);
        })
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? new AppError('in_use') : err;
        });
    },
  };
}
