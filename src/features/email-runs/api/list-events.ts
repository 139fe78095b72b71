import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Vec } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { emailRunKeys } from '../keys';

/** GET /api/v1/venueEventCategory/?venue=: the venue's events, to write to those entered in one. */
export async function listEvents(venue: number): Promise<Vec[]> {
  const page = await api.get<{ count: number; results: Vec[] }>('venueEventCategory/', {
    params: { venue, page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export const eventsQueryOptions = (venue: number) =>
  queryOptions({ queryKey: emailRunKeys.events(venue), queryFn: () => listEvents(venue) });

export function useEvents(venue: number, enabled: boolean) {
  return useQuery({ ...eventsQueryOptions(venue), enabled });
}
