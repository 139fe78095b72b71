import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficialParticipation } from '@shared/schemas/participation';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { participationKeys } from './keys';

export interface OfficialParticipationList {
  count: number;
  results: OfficialParticipation[];
}

/** GET /api/v1/officialParticipation/?venue=: the officials at a venue, with their fees. */
export async function listOfficialParticipations(venueId: number | null): Promise<OfficialParticipationList> {
  requireParams({ venue: venueId });
  return api.get<OfficialParticipationList>('officialParticipation/', {
    params: { venue: venueId, page_size: MAX_PAGE_SIZE },
  });
}

export const officialParticipationsQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: participationKeys.officials(venueId), queryFn: () => listOfficialParticipations(venueId) });

export function useOfficialParticipations(venueId: number) {
  return useQuery(officialParticipationsQueryOptions(venueId));
}
