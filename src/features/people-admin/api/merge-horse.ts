import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Horse } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { peopleAdminKeys } from './keys';

/** POST /api/v1/horse/{id}/merge/ {into}: every link of `id` moves to `into`, then `id` is deleted → the kept horse. */
export function mergeHorse(id: number, into: number): Promise<Horse> {
  requireParams({ horse: id, data: into });
  return api.post<Horse>(`horse/${id}/merge/`, { into });
}

/** Merge several records into the one kept, one after the other. */
export function useMergeHorses() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ merged, into }: { merged: number[]; into: number }) => {
      for (const id of merged) await mergeHorse(id, into);
    },
    onSettled: () => client.invalidateQueries({ queryKey: peopleAdminKeys.duplicates }),
  });
}
