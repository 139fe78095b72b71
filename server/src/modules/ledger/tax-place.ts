/**
 * Where a supply made at a show is taxed (the place-of-supply rules of Directive 2006/112/EC),
 * and so whether its line may go without the show's VAT. Pure: the tax test table walks it.
 *
 * - Goods handed over on site (hay, shavings, feed, electricity): taxed where they are when
 *   supplied (Art. 31, 32) — the show's country, whoever buys.
 * - Box hire, parking (letting of space at a place: a service connected with immovable
 *   property, Art. 47) — the show's country, whoever buys.
 * - Entry fees and admission to an event held here (Art. 53 for businesses, Art. 54 for
 *   consumers) — the show's country, whoever buys.
 * - Other (general) services: to a business, where the business is (Art. 44) — a business in
 *   another member state accounts for the VAT itself (reverse charge, Art. 196), one outside
 *   the EU is outside the scope of EU VAT; to a consumer, where the supplier is (Art. 45).
 */
import { EU_MEMBER_STATES } from '@shared/eu-countries';

export type SupplyKind = 'goods_on_site' | 'box_hire' | 'entry_fee' | 'admission' | 'service';
export type BuyerKind = 'private' | 'domestic_business' | 'eu_business' | 'non_eu_business';
export type TaxPlace = 'here' | 'reverse_charge' | 'outside_eu';

/** The EU's member states. */
export const EU = new Set(EU_MEMBER_STATES);

/** The supply kind of a charge category (CHARGE_CATEGORIES); an unknown one is taxed here. */
export function supplyKindOf(category: string): SupplyKind {
  switch (category) {
    case 'entry_fee':
      return 'entry_fee';
    case 'admission':
      return 'admission';
    case 'box':
    case 'parking':
      return 'box_hire';
    case 'services':
      return 'service';
    default:
      return 'goods_on_site';
  }
}

/** A buyer as the rules see it: a business is one with a VAT id (or another tax id of its country). */
export function buyerKindOf(
  buyer: { country: string | null; vat_id: string | null },
  sellerCountry: string | null,
): BuyerKind {
  if (!buyer.vat_id?.trim()) return 'private';
  const country = buyer.country?.toUpperCase() ?? null;
  if (!country || country === sellerCountry?.toUpperCase()) return 'domestic_business';
  return EU.has(country) ? 'eu_business' : 'non_eu_business';
}

/** Where the supply is taxed: here (the show's VAT), by the buyer (reverse charge), or outside the EU. */
export function placeOfSupply(supply: SupplyKind, buyer: BuyerKind): TaxPlace {
  if (supply !== 'service') return 'here';
  if (buyer === 'eu_business') return 'reverse_charge';
  if (buyer === 'non_eu_business') return 'outside_eu';
  return 'here';
}
