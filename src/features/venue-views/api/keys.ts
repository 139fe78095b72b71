/** React Query keys of the venue views. */
export const venueViewKeys = {
  people: (kind: string, venue: number, page: number, search: string) =>
    ['venue-views', 'people', kind, venue, page, search] as const,
  /**
   * Under 'balances': a posting anywhere (the ledger invalidates every balance) refreshes the
   * rider's participation with the balance it shows.
   */
  riderParticipation: (venue: number, rider: number) => ['balances', 'rider-participation', venue, rider] as const,
};
