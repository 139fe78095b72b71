import { useQuery } from '@tanstack/react-query';
import type { PreshowVenue } from '@shared/schemas/preshow';
import { api } from '@/lib/api-client';
import { formatDateRange } from '@/lib/format';
import { merchantKeys } from './keys';

/** Running and upcoming shows are few: one page holds them. */
const VENUES = 100;

/** GET /api/v1/venue/public/: the shows a merchant can sell at, as select options. */
export function listVenues(): Promise<{ count: number; results: PreshowVenue[] }> {
  return api.get('venue/public/', { params: { page_size: VENUES } });
}

export function useSaleVenues() {
  return useQuery({
    queryKey: merchantKeys.venues,
    queryFn: listVenues,
    select: (page) =>
      page.results.map((venue) => {
        const dates = formatDateRange(venue.start_date, venue.end_date);
        return { value: String(venue.id), label: dates ? `${venue.name} (${dates})` : venue.name };
      }),
  });
}
