import type { ChargeCategory } from '@shared/ledger';
import type { TaxType } from '@shared/schemas/configuration';
import type { Consumable, TaxConfiguration } from '@shared/schemas/venue-setup';

export interface PreviewRate {
  rateBp: number;
  appliesByDefault: boolean;
}

interface RateSources {
  /** The office's choice in the form: it overrides everything else. */
  taxType: number | null;
  consumable: Consumable | null;
  /** The chosen event's tax configuration. */
  configuration: TaxConfiguration | null;
  category: ChargeCategory;
  taxTypes: readonly TaxType[];
}

const NO_TAX: PreviewRate = { rateBp: 0, appliesByDefault: false };

/**
 * The rate a new line would be taxed at, as far as the form knows: the chosen tax type, else the
 * consumable's, else the event's configuration for the category. The rider's override (FORCE,
 * SKIP) is applied by the server only.
 */
export function previewRate({ taxType, consumable, configuration, category, taxTypes }: RateSources): PreviewRate {
  const rateOf = (id: number): PreviewRate => ({
    rateBp: taxTypes.find((type) => type.id === id)?.current_rate_bp ?? 0,
    appliesByDefault: true,
  });
  if (taxType !== null) return rateOf(taxType);
  if (consumable?.tax_type) return rateOf(consumable.tax_type);
  const entry = configuration?.entries.find((item) => item.category === category);
  if (entry?.tax_type && entry.rate_bp !== null) {
    return { rateBp: entry.rate_bp, appliesByDefault: entry.applies_by_default };
  }
  return NO_TAX;
}
