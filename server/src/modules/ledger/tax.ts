import { computeTax, type TaxOverride } from '@shared/ledger';
import { fieldError } from '../../app-error';
import type { TaxFound } from './context.repo';
import { isTaxable } from './effects';

export interface TaxAnswer {
  vecId: number | null;
  taxTypeId: number | null;
  rateBp: number;
  net: number;
  tax: number;
  gross: number;
}

/**
 * The tax of one line (DOMAIN.md "Tax"), from what the context found. Tax type: the one the
 * entry names (office only) > its consumable's (both apply by default) > the event's
 * configuration for the category > none. The rate is the one valid on the venue-local day; a
 * tax type without a valid rate is refused. The rider's override (FORCE, SKIP) decides over the
 * default. Kinds without VAT (payments, payouts, sales, prize money) keep the line as it is.
 */
export function taxOf(
  line: { kind: string; amount: number; vecId: number | null; pricesIncludeTax: boolean; override: TaxOverride },
  found: TaxFound,
): TaxAnswer {
  if (!isTaxable(line.kind, found.category)) {
    return { vecId: line.vecId, taxTypeId: null, rateBp: 0, net: line.amount, tax: 0, gross: line.amount };
  }
  const named = found.namedTaxTypeId;
  const taxTypeId = named ?? found.configTaxTypeId;
  if (taxTypeId !== null && found.rateBp === null) throw fieldError('tax_type', 'no_tax_rate');
  const result = computeTax({
    lineAmount: line.amount,
    pricesIncludeTax: line.pricesIncludeTax,
    rateBp: taxTypeId === null ? 0 : (found.rateBp ?? 0),
    appliesByDefault: named !== null || (found.appliesByDefault ?? true),
    override: line.override,
  });
  return {
    vecId: found.vecId,
    taxTypeId,
    rateBp: result.rateBp,
    net: result.net,
    tax: result.tax,
    gross: result.gross,
  };
}
