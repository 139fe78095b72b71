import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EventCategory, eventCategoryInput } from '@shared/schemas/configuration';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export type EventCategoryInput = z.input<typeof eventCategoryInput>;

/** POST /api/v1/eventCategory/ (admins). */
export function createEventCategory(input: EventCategoryInput): Promise<EventCategory> {
  return api.post<EventCategory>('eventCategory/', input);
}

export function useCreateEventCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEventCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configurationKeys.eventCategories }),
  });
}
