import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FieldErrors } from '@shared/errors';
import { CHARGE_CATEGORIES, type ChargeCategory } from '@shared/ledger';
import type { TaxConfiguration } from '@shared/schemas/venue-setup';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { taxConfigurations, taxTypes } from '../../db/schema';
import { createTaxTypeRepo } from '../configuration/tax-type.repo';
import { toTaxType } from '../configuration/tax-type.service';

export interface TaxConfigurationEntryInput {
  category: ChargeCategory;
  tax_type: number | null;
  applies_by_default: boolean;
}

/** The tax of each kind of charge in one event: one entry per CHARGE_CATEGORIES item. */
export function createTaxConfigurationService(ctx: AppContext) {
  const taxTypeRepo = createTaxTypeRepo(ctx.db);

  async function load(vecId: number): Promise<TaxConfiguration> {
    const rows = await ctx.db.select().from(taxConfigurations).where(eq(taxConfigurations.vecId, vecId));
    const typeIds = [...new Set(rows.map((r) => r.taxTypeId).filter((id): id is number => id !== null))];
    const types = typeIds.length ? await ctx.db.select().from(taxTypes).where(inArray(taxTypes.id, typeIds)) : [];
    const rates = await taxTypeRepo.ratesOf(typeIds);
    const byId = new Map(types.map((type) => [type.id, toTaxType(type, rates)]));
    return {
      vec: vecId,
      entries: CHARGE_CATEGORIES.map((category) => {
        const row = rows.find((r) => r.category === category);
        const type = row?.taxTypeId ? byId.get(row.taxTypeId) : undefined;
        return {
          category,
          tax_type: row?.taxTypeId ?? null,
          applies_by_default: row?.appliesByDefault ?? true,
          tax_type_name: type?.name ?? null,
          rate_bp: type?.current_rate_bp ?? null,
        };
      }),
    };
  }

  async function check(entries: readonly TaxConfigurationEntryInput[]): Promise<void> {
    const fields: Record<number, FieldErrors> = {};
    const seen = new Set<string>();
    for (const [i, entry] of entries.entries()) {
      if (seen.has(entry.category)) fields[i] = { category: ['duplicate'] };
      seen.add(entry.category);
      if (entry.tax_type !== null && !(await taxTypeRepo.findById(entry.tax_type))) {
        fields[i] = { ...fields[i], tax_type: ['does_not_exist'] };
      }
    }
    if (Object.keys(fields).length) throw new AppError('validation', { fields: { entries: fields } });
  }

  return {
    get: load,

    /** The entries given replace the event's configuration; categories left out are removed. */
    async replace(
      request: FastifyRequest,
      vecId: number,
      entries: readonly TaxConfigurationEntryInput[],
    ): Promise<TaxConfiguration> {
      await check(entries);
      const categories = entries.map((e) => e.category);
      await ctx.db.transaction(async (tx) => {
        await tx
          .delete(taxConfigurations)
          .where(
            and(
              eq(taxConfigurations.vecId, vecId),
              categories.length ? notInArray(taxConfigurations.category, categories) : undefined,
            ),
          );
        for (const entry of entries) {
          const values = { taxTypeId: entry.tax_type, appliesByDefault: entry.applies_by_default };
          await tx
            .insert(taxConfigurations)
            .values({ vecId, category: entry.category, ...values })
            .onConflictDoUpdate({ target: [taxConfigurations.vecId, taxConfigurations.category], set: values });
        }
        await ctx.audit.record(request, { action: 'taxConfiguration.update', details: { vec: vecId, entries } }, tx);
      });
      return load(vecId);
    },
  };
}
