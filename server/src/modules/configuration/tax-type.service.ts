import type { FastifyRequest } from 'fastify';
import type { TaxType, TaxTypeInput } from '@shared/schemas/configuration';
import type { ListQuery } from '@shared/schemas/pagination';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { pageOf } from '../../http/pagination';
import { isForeignKeyViolation, violatedUniqueIndex } from './pg-errors';
import { rateErrors, rateOn, today, type RatePeriod } from './tax-rates';
import { createTaxTypeRepo, type TaxRateRow, type TaxTypeRow } from './tax-type.repo';

type Rates = TaxTypeInput['rates'];

const toRate = (r: TaxRateRow) => ({ id: r.id, rate_bp: r.rateBp, valid_from: r.validFrom, valid_to: r.validTo });

export function toTaxType(row: TaxTypeRow, rates: readonly TaxRateRow[]): TaxType {
  const own = rates.filter((r) => r.taxTypeId === row.id).map(toRate);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    rates: own,
    current_rate_bp: rateOn(own, today())?.rate_bp ?? null,
  };
}

function checkRates(rates: readonly RatePeriod[]): void {
  const fields = rateErrors(rates);
  if (fields) throw new AppError('validation', { fields });
}

function duplicateCode(err: unknown): never {
  if (violatedUniqueIndex(err) !== undefined) throw fieldError('code', 'duplicate');
  throw err;
}

/** Tax types with their rates in basis points over validity periods that never overlap. */
export function createTaxTypeService(ctx: AppContext) {
  const repo = createTaxTypeRepo(ctx.db);

  async function load(id: number): Promise<TaxType> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('not_found');
    return toTaxType(row, await repo.ratesOf([id]));
  }

  return {
    async list(query: ListQuery): Promise<{ count: number; results: TaxType[] }> {
      const { count, rows } = await repo.list(pageOf(query));
      const rates = await repo.ratesOf(rows.map((r) => r.id));
      return { count, results: rows.map((row) => toTaxType(row, rates)) };
    },

    async create(request: FastifyRequest, input: { code: string; name: string; rates: Rates }): Promise<TaxType> {
      checkRates(input.rates);
      const id = await ctx.db
        .transaction(async (tx) => {
          const row = await repo.insert({ code: input.code, name: input.name }, input.rates, tx);
          await ctx.audit.record(request, { action: 'taxType.create', details: { id: row.id, ...input } }, tx);
          return row.id;
        })
        .catch(duplicateCode);
      return load(id);
    },

    /** `rates`, when given, replace the old ones (transactions keep their own snapshot). */
    async update(
      request: FastifyRequest,
      id: number,
      patch: { code?: string; name?: string; rates?: Rates },
    ): Promise<TaxType> {
      if (patch.rates) checkRates(patch.rates);
      await ctx.db
        .transaction(async (tx) => {
          const row = await repo.update(id, { code: patch.code, name: patch.name }, tx);
          if (!row) throw new AppError('not_found');
          if (patch.rates) await repo.replaceRates(id, patch.rates, tx);
          await ctx.audit.record(request, { action: 'taxType.update', details: { id, ...patch } }, tx);
        })
        .catch(duplicateCode);
      return load(id);
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      await ctx.db
        .transaction(async (tx) => {
          if (!(await repo.findById(id, tx))) throw new AppError('not_found');
          if (await repo.inUse(id, tx)) throw new AppError('in_use');
          await repo.delete(id, tx);
          await ctx.audit.record(request, { action: 'taxType.delete', details: { id } }, tx);
        })
        .catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? new AppError('in_use') : err;
        });
    },
  };
}
