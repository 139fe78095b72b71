import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { participationVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { peopleAdminKeys } from './keys';

export type ParticipationVenue = z.infer<typeof participationVenue>;
export type ParticipantKind = 'rider' | 'official';

/**
 * POST /api/v1/venue/whereRiderParticipated/ {rider} or …/whereOfficialParticipated/ {official}
 * (the show office): the venues where the person took part, one row per participation.
 */
export function whereParticipated(kind: ParticipantKind, id: number): Promise<{ results: ParticipationVenue[] }> {
  if (kind === 'rider') {
    requireParams({ rider: id });
    return api.post<{ results: ParticipationVenue[] }>('venue/whereRiderParticipated/', { rider: id });
  }
  requireParams({ data: id });
  return api.post<{ results: ParticipationVenue[] }>('venue/whereOfficialParticipated/', { official: id });
}

/** One row per venue (an official with two functions at a venue took part there once). */
function perVenue(data: { results: ParticipationVenue[] }): { count: number; results: ParticipationVenue[] } {
  const seen = new Set<number>();
  const results = data.results.filter((row) => !seen.has(row.venue) && seen.add(row.venue));
  return { count: results.length, results };
}

export function useWhereParticipated(kind: ParticipantKind, id: number) {
  return useQuery(
    queryOptions({
      queryKey: peopleAdminKeys.participated(kind, id),
      queryFn: () => whereParticipated(kind, id),
      select: perVenue,
    }),
  );
}
