import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueUser } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

interface CandidatePage {
  count: number;
  results: VenueUser[];
}

/**
 * GET /api/v1/venue/{id}/users/candidates/?q= (the venue's organizer): accounts that may join its
 * staff, by exact username or e-mail.
 */
export function searchStaffCandidates(venueId: number, query: string): Promise<CandidatePage> {
  return api.get<CandidatePage>(`venue/${venueId}/users/candidates/`, { params: { q: query.trim() } });
}

export const staffCandidatesQueryOptions = (venueId: number, query: string) =>
  queryOptions({
    queryKey: [...venueKeys.users(venueId), 'candidates', query.trim()] as const,
    queryFn: () => searchStaffCandidates(venueId, query),
  });

/** Asks once at least three characters are typed, and only when `enabled`. */
export function useStaffCandidates(venueId: number, query: string, enabled: boolean) {
  return useQuery({
    ...staffCandidatesQueryOptions(venueId, query),
    enabled: enabled && query.trim().length >= 3,
    placeholderData: keepPreviousData,
  });
}
