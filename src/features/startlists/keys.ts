/** React Query keys of the start lists: everything starts with `['startlists']`. */
export const startlistKeys = {
  all: ['startlists'] as const,
  overview: (venue: number) => ['startlists', 'overview', venue] as const,
  list: (competition: number) => ['startlists', 'list', competition] as const,
  candidates: (competition: number) => ['startlists', 'candidates', competition] as const,
};
