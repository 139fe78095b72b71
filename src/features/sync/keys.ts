/** React Query keys of the sync feature: everything starts with `['sync']`. */
export const syncKeys = {
  all: ['sync'] as const,
  status: ['sync', 'status'] as const,
  conflicts: (page: number) => ['sync', 'conflicts', page] as const,
};
