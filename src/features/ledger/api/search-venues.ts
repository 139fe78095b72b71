import { queryOptions } from '@tanstack/react-query';
import type { VenueDetail } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';

/** How many matches a select offers. */
const OPTION_COUNT = 50;

/** GET /api/v1/venue/?search= (admins): venues to pick from. */
export function searchVenues(search: string): Promise<{ count: number; results: VenueDetail[] }> {
  return api.get('venue/', { params: { search: search || null, page_size: OPTION_COUNT } });
}

export const venueOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['ledger', 'venue-options', search],
    queryFn: () => searchVenues(search),
    select: (page) => page.results.map((venue) => ({ value: String(venue.id), label: venue.name })),
  });
