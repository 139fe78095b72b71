import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { VenueParticipation } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import type { VenueHorse } from '../kinds/kind';

interface Page {
  count: number;
  results: VenueParticipation[];
}

/** GET /api/v1/venueParticipation/?venue= (every page): the horses entered at a venue, with their riders. */
export async function listVenueHorses(venueId: number): Promise<VenueHorse[]> {
  requireParams({ venue: venueId });
  const horses: VenueHorse[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<Page>('venueParticipation/', {
      params: { venue: venueId, page, page_size: MAX_PAGE_SIZE },
    });
    for (const participation of answer.results) {
      for (const entry of participation.horses) {
        horses.push({
          participationHorse: entry.id,
          name: entry.horse.name,
          feiId: entry.horse.fei_id,
          rider: participation.rider.name,
        });
      }
    }
    if (page * MAX_PAGE_SIZE >= answer.count || !answer.results.length) return horses;
  }
}

export const venueHorsesQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: ['bulk', 'venue-horses', venueId], queryFn: () => listVenueHorses(venueId) });

export function useVenueHorses(venueId: number, enabled: boolean) {
  return useQuery({ ...venueHorsesQueryOptions(venueId), enabled });
}
