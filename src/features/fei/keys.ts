/** React Query keys of the FEI feature: everything starts with `['fei']`. */
export const feiKeys = {
  all: ['fei'] as const,
  import: (venue: number, id: number) => ['fei', 'import', venue, id] as const,
  results: (venue: number) => ['fei', 'results', venue] as const,
};
