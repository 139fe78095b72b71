/** React Query keys of the venues feature: a mutation invalidates what it changed. */
export const venueKeys = {
  all: ['venues'] as const,
  lists: ['venues', 'list'] as const,
  list: (page: number, search: string) => ['venues', 'list', page, search] as const,
  detail: (venueId: number) => ['venues', 'detail', venueId] as const,
  vecs: (venueId: number) => ['venues', 'vecs', venueId] as const,
  taxConfiguration: (vecId: number) => ['venues', 'tax-configuration', vecId] as const,
  competitions: (venueId: number) => ['venues', 'competitions', venueId] as const,
  competition: (competitionId: number) => ['venues', 'competition', competitionId] as const,
  consumables: (venueId: number) => ['venues', 'consumables', venueId] as const,
  users: (venueId: number) => ['venues', 'users', venueId] as const,
  userSearch: (query: string) => ['venues', 'user-search', query] as const,
  emailTemplates: (venueId: number) => ['venues', 'email-templates', venueId] as const,
};
