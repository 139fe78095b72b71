import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { riderVenueParticipation } from '@shared/schemas/people';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { riderKeys } from './keys';

export type RiderVenueParticipation = z.infer<typeof riderVenueParticipation>;
type Participations = { results: RiderVenueParticipation[] };

/** One event a rider is entered in, with its show. */
export interface EventEntry {
  key: string;
  venue: string;
  event: string;
  horse: string | null;
}

/** GET /api/v1/rider/{id}/venueParticipations/: the rider's shows with horses, events and external costs. */
export function listVenueParticipations(rider: number): Promise<Participations> {
  requireParams({ rider });
  return api.get(`rider/${rider}/venueParticipations/`);
}

function useParticipations<T>(rider: number, select: (data: Participations) => T[]) {
  return useQuery({
    queryKey: riderKeys.venueParticipations(rider),
    queryFn: () => listVenueParticipations(rider),
    select: (data) => {
      const results = select(data);
      return { count: results.length, results };
    },
  });
}

export function useVenueParticipations(rider: number) {
  return useParticipations(rider, (data) => data.results);
}

/** The same answer as the events the rider is entered in, show by show. */
export function useEventEntries(rider: number) {
  return useParticipations(rider, (data) =>
    data.results.flatMap((row) =>
      row.events.map<EventEntry>((event) => ({
        key: `${row.id}-${event.id}`,
        venue: row.venue_name,
        event: event.name,
        horse: event.horse,
      })),
    ),
  );
}
