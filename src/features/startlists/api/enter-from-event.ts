import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FromEventResult } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** POST /api/v1/competition/{id}/entries/fromEvent/: every rider + horse of the event not entered yet. */
export function enterFromEvent(competition: number): Promise<FromEventResult> {
  return api.post<FromEventResult>(`competition/${competition}/entries/fromEvent/`);
}

export function useEnterFromEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enterFromEvent,
    onSuccess: (result, competition) => {
      client.setQueryData(startlistKeys.list(competition), result.list);
      void client.invalidateQueries({ queryKey: startlistKeys.all });
    },
  });
}
