import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Consumable, consumableInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { taxTypes, venues } from '../../db/schema';
import { markDuplicates, RowErrors, sameText } from '../../http/bulk';
import { idempotent, type IdempotencyClaim, type Outcome } from '../../http/idempotency';
import { sessionOf } from '../../http/session';
import { assertManagesVenue } from '../venue/venue-access';
import { createConsumableRepo, type NewConsumable } from './consumable.repo';
import { toConsumable } from './consumable.wire';

type ConsumableRowInput = z.output<typeof consumableInput>;

/** What makes two articles of one venue the same: the name and the unit, any case or spacing. */
export const articleKey = (venue: number, name: string, unit: string): string =>
  `${venue}\u0000${sameText(name)}\u0000${sameText(unit)}`;

async function existingIds(tx: Db, table: typeof venues | typeof taxTypes, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * A pasted price list (POST /api/v1/consumable/ with an array): every row checked against the
 * others and the database first (venue and tax type exist, no article twice: within the paste or
 * already at the venue), then all inserted in one transaction, audited once. Nothing is written
 * when one row is wrong. A retry with the same Idempotency-Key answers the first response.
 */
export function createConsumableBulk(ctx: AppContext) {
  const repo = createConsumableRepo(ctx.db);

  return async function createMany(
    request: FastifyRequest,
    rows: ConsumableRowInput[],
    claim: IdempotencyClaim | null,
  ): Promise<Outcome<Consumable[]>> {
    return idempotent(ctx.db, claim, async (tx) => {
      const errors = new RowErrors();
      const venueIds = [...new Set(rows.map((row) => row.venue))];
      const knownVenues = await existingIds(tx, venues, venueIds);
      for (const venue of knownVenues) assertManagesVenue(sessionOf(request), venue);
      const taxTypeIds = [...new Set(rows.flatMap((row) => (row.tax_type ? [row.tax_type] : [])))];
      const knownTaxTypes = await existingIds(tx, taxTypes, taxTypeIds);
      rows.forEach((row, i) => {
        if (!knownVenues.has(row.venue)) errors.add(i, 'venue', 'does_not_exist');
        if (row.tax_type && !knownTaxTypes.has(row.tax_type)) errors.add(i, 'tax_type', 'does_not_exist');
      });
      markDuplicates(rows, (row) => articleKey(row.venue, row.name, row.unit), errors, 'name');
      const existing = new Set(
        (await repo.ofVenues([...knownVenues], tx)).map((row) => articleKey(row.venueId, row.name, row.unit)),
      );
      rows.forEach((row, i) => {
        if (existing.has(articleKey(row.venue, row.name, row.unit))) errors.add(i, 'name', 'duplicate');
      });
      errors.throwIfAny();

      const created = await repo.insertMany(
        rows.map((row): NewConsumable => ({
          venueId: row.venue,
          name: row.name,
          category: row.category,
          unit: row.unit,
          unitPriceMinor: row.unit_price,
          taxTypeId: row.tax_type ?? null,
          active: row.active,
        })),
        tx,
      );
      await ctx.audit.record(
        request,
        { action: 'consumable.bulkCreate', details: { count: created.length, venues: venueIds } },
        tx,
      );
      return { status: 201, body: created.map(toConsumable) };
    });
  };
}
