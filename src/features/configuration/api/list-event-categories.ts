import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventCategory } from '@shared/schemas/configuration';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { configurationKeys } from './keys';

export interface EventCategoryList {
  count: number;
  results: EventCategory[];
}

/** GET /api/v1/eventCategory/: the whole reference list in one page. */
export function listEventCategories(): Promise<EventCategoryList> {
  return api.get<EventCategoryList>('eventCategory/', { params: { page_size: MAX_PAGE_SIZE } });
}

export const eventCategoriesQueryOptions = () =>
  queryOptions({ queryKey: configurationKeys.eventCategories, queryFn: listEventCategories });

export function useEventCategories() {
  return useQuery(eventCategoriesQueryOptions());
}
