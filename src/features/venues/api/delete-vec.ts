import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vec } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** DELETE /api/v1/venueEventCategory/{id}/ (admins); an event with entries answers 409. */
export function deleteVec(vec: Pick<Vec, 'id' | 'venue'>): Promise<void> {
  return api.delete(`venueEventCategory/${vec.id}/`);
}

export function useDeleteVec() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVec,
    onSuccess: (_, vec) => queryClient.invalidateQueries({ queryKey: venueKeys.vecs(vec.venue) }),
  });
}
