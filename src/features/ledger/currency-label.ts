/** How a venue labels its amounts: its display sign (€) when set, else its code (EUR). */
export function currencyLabel(venue: { currency: string; currencyDisplay?: string | null }): string {
  return venue.currencyDisplay || venue.currency;
}
