import { useQuery } from '@tanstack/react-query';
import type { PreshowVenue } from '@shared/schemas/preshow';
import { api } from '@/lib/api-client';
import { formatDateRange } from '@/lib/format';
import { merchantKeys } from './keys';

/** GET /api/v1/merchant/venues/: the running and upcoming shows the merchant is registered at. */
export function listVenues(): Promise<{ count: number; results: PreshowVenue[] }> {
  return api.get('merchant/venues/');
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
