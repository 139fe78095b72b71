import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventCategory } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import type { EventCategoryInput } from './create-event-category';
import { configurationKeys } from './keys';

/** PATCH /api/v1/eventCategory/{id}/ (admins). */
export function updateEventCategory({ id, ...input }: EventCategoryInput & { id: number }): Promise<EventCategory> {
  return api.patch<EventCategory>(`eventCategory/${id}/`, input);
}

export function useUpdateEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEventCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.eventCategories }),
  });
}
