import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyConsumablesInput, CopyConsumablesResult } from '@shared/schemas/bulk';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** POST /api/v1/consumable/copy/ (admins): the active articles of one venue that the other lacks. */
export function copyConsumables(input: CopyConsumablesInput): Promise<CopyConsumablesResult> {
  return api.post<CopyConsumablesResult>('consumable/copy/', input);
}

export function useCopyConsumables() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyConsumables,
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: venueKeys.consumables(input.to_venue) }),
  });
}
