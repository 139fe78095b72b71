import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

/** DELETE /api/v1/eventCategory/{id}/ (admins); a category some event uses answers 409. */
export function deleteEventCategory(id: number): Promise<void> {
  return api.delete(`eventCategory/${id}/`);
}

export function useDeleteEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.eventCategories }),
  });
}
