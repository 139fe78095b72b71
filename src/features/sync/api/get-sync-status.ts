import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SyncStatus } from '@shared/schemas/sync';
import { api } from '@/lib/api-client';
import { syncKeys } from '../keys';

/** GET /api/v1/venue/sync_status/: the latest sync's status, progress (oldest first), counts and last sync. */
export function getSyncStatus(): Promise<SyncStatus> {
  return api.get<SyncStatus>('venue/sync_status/', { noCache: true });
}

export const syncStatusQuery = () => queryOptions({ queryKey: syncKeys.status, queryFn: getSyncStatus });

export function useSyncStatus() {
  return useQuery(syncStatusQuery());
}
