import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartList } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** PUT /api/v1/competition/{id}/order/ {entries}: a new order of go by hand. */
export function reorderStartList({
  competition,
  entries,
}: {
  competition: number;
  entries: number[];
}): Promise<StartList> {
  return api.put<StartList>(`competition/${competition}/order/`, { entries });
}

export function useReorderStartList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderStartList,
    onSuccess: (list, { competition }) => client.setQueryData(startlistKeys.list(competition), list),
    onError: (_error, { competition }) => void client.invalidateQueries({ queryKey: startlistKeys.list(competition) }),
  });
}
