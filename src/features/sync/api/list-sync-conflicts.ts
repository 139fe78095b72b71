import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncConflictList } from '@shared/schemas/sync';
import { api } from '@/lib/api-client';
import { syncKeys } from '../keys';

/** GET /api/v1/syncConflict/?page=: the open conflicts, oldest first. */
export const syncConflictsQuery = (page: number) =>
  queryOptions({
    queryKey: syncKeys.conflicts(page),
    queryFn: () => api.get<SyncConflictList>('syncConflict/', { params: { page } }),
    placeholderData: keepPreviousData,
  });

export function useSyncConflicts(page: number) {
  return useQuery(syncConflictsQuery(page));
}
