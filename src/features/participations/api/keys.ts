/** React Query keys of the participations feature: a mutation invalidates what it changed. */
export const participationKeys = {
  venue: (venueId: number) => ['participations', 'venue', venueId] as const,
  list: (venueId: number, page: number, search: string) => ['participations', 'venue', venueId, page, search] as const,
  officials: (venueId: number) => ['participations', 'officials', venueId] as const,
  merchants: (venueId: number) => ['participations', 'merchants', venueId] as const,
  personSearch: (kind: string, query: string) => ['participations', 'person-search', kind, query] as const,
  horseSearches: ['participations', 'horse-search'] as const,
  horseSearch: (query: string) => ['participations', 'horse-search', query] as const,
};
