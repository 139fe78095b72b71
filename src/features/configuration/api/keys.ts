/** React Query keys of the configuration feature: a mutation invalidates the list it changed. */
export const configurationKeys = {
  countries: ['configuration', 'countries'] as const,
  currencies: ['configuration', 'currencies'] as const,
  eventCategories: ['configuration', 'event-categories'] as const,
  taxTypes: ['configuration', 'tax-types'] as const,
  terms: ['configuration', 'terms'] as const,
  bankAccounts: (venueId: number) => ['configuration', 'bank-accounts', venueId] as const,
};
