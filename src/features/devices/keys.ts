/** React Query keys of the devices feature: everything starts with `['devices']`. */
export const deviceKeys = {
  all: ['devices'] as const,
  /** A venue's devices (venue set), or every venue's (admins, venue null). */
  list: (scope: 'venue' | 'all', venue: number | null, page: number) => ['devices', scope, venue, page] as const,
};
