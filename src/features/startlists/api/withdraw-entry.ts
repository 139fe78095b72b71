import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartListEntry } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

/** POST /api/v1/competitionEntry/{id}/withdraw/: fee reversed before the deadline; twice changes nothing. */
export function withdrawEntry(entry: number): Promise<StartListEntry> {
  return api.post<StartListEntry>(`competitionEntry/${entry}/withdraw/`);
}

export function useWithdrawEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawEntry,
    onSuccess: () => void client.invalidateQueries({ queryKey: startlistKeys.all }),
  });
}
