import type { FastifyRequest } from 'fastify';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { CopyConsumablesInput, CopyConsumablesResult } from '@shared/schemas/bulk';
import { fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { taxRates, venues } from '../../db/schema';
import { sessionOf } from '../../http/session';
import { localDay } from '../reports/pdf';
import { assertManagesVenue } from '../venue/venue-access';
import { articleKey } from './consumable.bulk';
import { createConsumableRepo, type NewConsumable } from './consumable.repo';

async function venueOf(tx: Db, id: number, field: string, lock = false) {
  const query = tx
    .select({ id: venues.id, currency: venues.currency, start: venues.startDate, timeZone: venues.timeZone })
    .from(venues)
    .where(eq(venues.id, id));
  const [venue] = lock ? await query.for('update') : await query;
  if (!venue) throw fieldError(field, 'does_not_exist');
  return venue;
}

/** Of these tax types, the ones with a rate valid on `day`. */
async function typesWithRate(tx: Db, ids: number[], day: string): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: taxRates.taxTypeId })
    .from(taxRates)
    .where(
      and(
        inArray(taxRates.taxTypeId, ids),
        lte(taxRates.validFrom, day),
        or(isNull(taxRates.validTo), gte(taxRates.validTo, day)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * "Copy price list" (admin /consumables): the active articles of one venue that the other does
 * not have yet (same name and unit, any case; inactive ones count as had) are created there, in
 * one transaction with the target venue locked, so two copies at once do not double an article.
 * Both venues must sell in the same currency. An article's tax type comes along when it has a
 * rate on the target's first show day (today when it has none); otherwise the copy has none, so
 * the target's tax configuration for the category applies (counted in `without_tax_type`).
 */
export function createConsumableCopy(ctx: AppContext) {
  const repo = createConsumableRepo(ctx.db);

  return async function copy(request: FastifyRequest, input: CopyConsumablesInput): Promise<CopyConsumablesResult> {
    if (input.from_venue === input.to_venue) throw fieldError('to_venue', 'same_record');
    return ctx.db.transaction(async (tx) => {
      const from = await venueOf(tx, input.from_venue, 'from_venue');
      const to = await venueOf(tx, input.to_venue, 'to_venue', true);
      // both price lists are the caller's to set up: an organizer copies nothing into or out of another show
      assertManagesVenue(sessionOf(request), from.id);
      assertManagesVenue(sessionOf(request), to.id);
      if (from.currency !== to.currency) throw fieldError('to_venue', 'currency_mismatch');
      const articles = await repo.ofVenues([from.id, to.id], tx);
      const had = new Set(articles.filter((a) => a.venueId === to.id).map((a) => articleKey(to.id, a.name, a.unit)));
      const source = articles.filter((a) => a.venueId === from.id && a.active);
      const day = to.start ?? localDay(to.timeZone);
      const taxed = await typesWithRate(tx, [...new Set(source.flatMap((a) => a.taxTypeId ?? []))], day);
      const values: NewConsumable[] = [];
      let withoutTaxType = 0;
      for (const article of source) {
        const key = articleKey(to.id, article.name, article.unit);
        if (had.has(key)) continue;
        had.add(key);
        const keepTax = article.taxTypeId === null || taxed.has(article.taxTypeId);
        if (!keepTax) withoutTaxType++;
        values.push({
          venueId: to.id,
          name: article.name,
          category: article.category,
          unit: article.unit,
          unitPriceMinor: article.unitPriceMinor,
          taxTypeId: keepTax ? article.taxTypeId : null,
          active: true,
        });
      }
      const created = await repo.insertMany(values, tx);
      const result = {
        created: created.length,
        skipped: source.length - created.length,
        without_tax_type: withoutTaxType,
      };
      await ctx.audit.record(
        request,
        { action: 'consumable.copy', details: { from_venue: from.id, to_venue: to.id, ...result } },
        tx,
      );
      return result;
    });
  };
}
