import type { FastifyRequest } from 'fastify';
import {
  CATEGORIES_WITH_LEGAL_TEXT,
  type TaxType,
  type TaxTypeCategory,
  type TaxTypeInput,
} from '@shared/schemas/configuration';
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
    category: row.category as TaxTypeCategory,
    exemption_reason: row.exemptionReason,
    exemption_code: row.exemptionCode,
    rates: own,
    current_rate_bp: rateOn(own, today())?.rate_bp ?? null,
  };
}

function checkRates(rates: readonly RatePeriod[]): void {
  const fields = rateErrors(rates);
  if (fields) throw new AppError('validation', { fields });
}

type Category = { category: TaxTypeCategory; exemption_reason: string | null };

/**
 * A category agrees with its rates and names its legal ground: standard-rated VAT has a rate
 * above 0 (BR-S-05), the categories without VAT have 0 (BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05,
 * BR-G-05), and exempt, reverse charge, intra-community and export carry their legal text.
 */
function checkCategory(type: Category, rates: readonly RatePeriod[]): void {
  const wrong: Record<number, { rate_bp: string[] }> = {};
  rates.forEach((rate, i) => {
    if (type.category === 'S' && rate.rate_bp <= 0) wrong[i] = { rate_bp: ['too_small'] };
    if (type.category !== 'S' && rate.rate_bp !== 0) wrong[i] = { rate_bp: ['not_zero_rated'] };
  });
  if (Object.keys(wrong).length) throw new AppError('validation', { fields: { rates: wrong } });
  if (CATEGORIES_WITH_LEGAL_TEXT.includes(type.category) && !type.exemption_reason) {
    throw fieldError('exemption_reason', 'required');
  }
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

    async create(
      request: FastifyRequest,
      input: { code: string; name: string; rates: Rates } & Category & { exemption_code: string | null },
    ): Promise<TaxType> {
      checkRates(input.rates);
      checkCategory(input, input.rates);
      const id = await ctx.db
        .transaction(async (tx) => {
          const row = await repo.insert(
            {
              code: input.code,
              name: input.name,
              category: input.category,
              exemptionReason: input.exemption_reason,
              exemptionCode: input.exemption_code,
            },
            input.rates,
            tx,
          );
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
      patch: Partial<{ code: string; name: string; rates: Rates } & Category & { exemption_code: string | null }>,
    ): Promise<TaxType> {
      if (patch.rates) checkRates(patch.rates);
      await ctx.db
        .transaction(async (tx) => {
          const current = await repo.findById(id, tx);
          if (!current) throw new AppError('not_found');
          // The category and the rates are checked together, as they will be after the patch.
          const category = (patch.category ?? current.category) as TaxTypeCategory;
          const reason = patch.exemption_reason !== undefined ? patch.exemption_reason : current.exemptionReason;
          const rates =
            patch.rates ?? (await repo.ratesOf([id], tx)).map((r) => ({ rate_bp: r.rateBp, valid_from: r.validFrom }));
          checkCategory({ category, exemption_reason: reason }, rates);
          const row = await repo.update(
            id,
            {
              code: patch.code,
              name: patch.name,
              category: patch.category,
              exemptionReason: patch.exemption_reason,
              exemptionCode: patch.exemption_code,
            },
            tx,
          );
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
