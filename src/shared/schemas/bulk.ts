import { z } from 'zod';
import { MAX_ID, requiredOrInvalid } from './common';

/**
 * Bulk create (spec §7 Generic, "POST with an array for bulk create"): the generic
 * create endpoints that a show office fills by pasting rows take one object (the single create,
 * answers unchanged) or an array of 1..MAX_BULK_ROWS of the same objects. An array is atomic:
 * every row is created in one transaction, or none; a bad row answers 400 `validation` with the
 * row's errors under its index (`fields: { "3": { "unit_price": ["too_big"] } }`).
 *
 *   POST /api/v1/consumable/   consumableInput | consumableInput[]     → 201 consumable | consumable[]
 *   POST /api/v1/attendee/     attendeeInput | attendeeInput[] (Idempotency-Key required;
 *                              row i's client key is `<key>:<i>`)     → 201 attendee | attendee[]
 *   POST /api/v1/headNumber/   headNumberInput | headNumberInput[]     → 201 headNumber | headNumber[]
 *   POST /api/v1/consumable/copy/  copyConsumablesInput (admin)       → 200 copyConsumablesResult
 */

export const MAX_BULK_ROWS = 1000;

/** One object, or 1..MAX_BULK_ROWS of them (the server validates an array row by row). */
export function oneOrMany<T extends z.ZodType>(row: T) {
  return z.union([z.array(row).min(1, { error: 'too_small' }).max(MAX_BULK_ROWS, { error: 'too_big' }), row]);
}

/** The key of row `index` of a bulk request sent with Idempotency-Key `key`. */
export const bulkRowKey = (key: string, index: number): string => `${key}:${index}`;

const venueInput = z
  .number({ error: requiredOrInvalid })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });

export const copyConsumablesInput = z.object({ from_venue: venueInput, to_venue: venueInput });
export type CopyConsumablesInput = z.infer<typeof copyConsumablesInput>;

export const copyConsumablesResult = z.object({
  /** Articles created at the target venue. */
  created: z.number().int(),
  /** Active articles of the source the target already had (same name and unit, any case). */
  skipped: z.number().int(),
  /** Of the created: copied without their tax type, which has no rate on the target's show days. */
  without_tax_type: z.number().int(),
});
export type CopyConsumablesResult = z.infer<typeof copyConsumablesResult>;
