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

/** Kinds that are a supply of the show: never posted without the tax that applies to them. */
const SUPPLIES = new Set(['charge', 'fee']);

/**
 * The tax of one line (DOMAIN.md "Tax"), from what the context found. Tax type: the one the
 * entry names (office only) > its consumable's (both apply by default) > the event's
 * configuration for the category > the venue's configuration for the category where its events
 * agree (a party in no event or in several) > none. A charge or fee that resolves none is
 * refused (`no_tax_configured`, on `field`: the article's tax type or the entry's), never posted
 * at 0 %: a 0 % line would later read as "exempt" or "reverse charge" without any legal ground
 * (Art. 226(11) of Directive 2006/112/EC wants the ground of every supply without VAT). The rate is
 * the one valid on the venue-local day; a tax type without a valid rate is refused. The rider's
 * override (FORCE, SKIP) decides over the default. Kinds without VAT (payments, payouts, sales,
 * prize money) keep the line as it is.
 */
export function taxOf(
  line: {
    kind: string;
    amount: number;
    vecId: number | null;
    pricesIncludeTax: boolean;
    override: TaxOverride;
    /** Where the missing tax is set: the article's tax type (`consumable`) or the entry's (`tax_type`). */
    field?: 'consumable' | 'tax_type';
  },
  found: TaxFound,
): TaxAnswer {
  if (!isTaxable(line.kind, found.category)) {
    return { vecId: line.vecId, taxTypeId: null, rateBp: 0, net: line.amount, tax: 0, gross: line.amount };
  }
  const named = found.namedTaxTypeId;
  const taxTypeId = named ?? found.configTaxTypeId;
  if (taxTypeId === null && SUPPLIES.has(line.kind)) throw fieldError(line.field ?? 'tax_type', 'no_tax_configured');
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
