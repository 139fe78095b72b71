import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawInput, StartList } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** POST /api/v1/competition/{id}/draw/ {seed?, gap?}: the seeded draw (refused once results exist). */
export function drawStartList({ competition, input }: { competition: number; input: DrawInput }): Promise<StartList> {
  return api.post<StartList>(`competition/${competition}/draw/`, input);
}

export function useDrawStartList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: drawStartList,
    onSuccess: (list, { competition }) => {
      client.setQueryData(startlistKeys.list(competition), list);
      void client.invalidateQueries({ queryKey: startlistKeys.all });
    },
  });
}
