/** React Query keys of the results feature: everything starts with `['results']`. */
export const resultsKeys = {
  all: ['results'] as const,
  rankings: (venue: number) => ['results', 'rankings', venue] as const,
  ranking: (competition: number) => ['results', 'ranking', competition] as const,
};
