import { CHARGE_CATEGORIES, type ChargeCategory } from '@shared/ledger';
import type { Consumable } from '@shared/schemas/venue-setup';
import type { ConsumableRow } from './consumable.repo';

/** A consumable as the API sends it. */
export const toConsumable = (row: ConsumableRow): Consumable => ({
  id: row.id,
  venue: row.venueId,
  name: row.name,
  category: (CHARGE_CATEGORIES as readonly string[]).includes(row.category)
    ? (row.category as ChargeCategory)
    : 'other',
  unit: row.unit,
  unit_price: row.unitPriceMinor,
  tax_type: row.taxTypeId,
  active: row.active,
});
