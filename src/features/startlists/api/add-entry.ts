import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntryInput, StartListEntry } from '@shared/schemas/startlists';
import { api } from '@/lib/api-client';
import { startlistKeys } from '../keys';

export interface AddEntry {
  competition: number;
  input: EntryInput;
  /** One per submission: a retried request never charges the fee twice. */
  idempotencyKey: string;
}

/** POST /api/v1/competition/{id}/entries/: a (late) entry; its fee is charged once. */
export function addEntry({ competition, input, idempotencyKey }: AddEntry): Promise<StartListEntry> {
  return api.post<StartListEntry>(`competition/${competition}/entries/`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAddEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addEntry,
    onSuccess: () => void client.invalidateQueries({ queryKey: startlistKeys.all }),
  });
}
