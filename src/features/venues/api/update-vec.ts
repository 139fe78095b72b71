import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vec } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import type { VecInput } from './create-vec';
import { venueKeys } from './keys';

/** PATCH /api/v1/venueEventCategory/{id}/ (admins). */
export function updateVec({ id, ...input }: Partial<VecInput> & { id: number }): Promise<Vec> {
  return api.patch<Vec>(`venueEventCategory/${id}/`, input);
}

export function useUpdateVec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVec,
    onSuccess: (vec) => queryClient.invalidateQueries({ queryKey: venueKeys.vecs(vec.venue) }),
  });
}
