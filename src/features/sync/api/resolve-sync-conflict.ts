import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveConflictInput } from '@shared/schemas/sync';
import { api } from '@/lib/api-client';
import { syncKeys } from '../keys';

/** POST /api/v1/syncConflict/{id}/resolve/ {resolution}: keep the local value or take the registry's. */
export function resolveSyncConflict({ id, ...input }: { id: number } & ResolveConflictInput): Promise<void> {
  return api.post(`syncConflict/${id}/resolve/`, input);
}

export function useResolveSyncConflict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveSyncConflict,
    onSuccess: () => client.invalidateQueries({ queryKey: syncKeys.all }),
  });
}
