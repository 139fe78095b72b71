import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerShow } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '../keys';
import type { PartyRef } from '../party';

/**
 * GET /api/v1/{partyType}/{id}/shows/: the party's shows, for the show names of its invoices
 * (an invoice names its venue by id only).
 */
export async function listPartyVenues(party: PartyRef): Promise<Map<number, string>> {
  const shows = await api.get<{ results: OwnerShow[] }>(`${party.type}/${party.id}/shows/`);
  return new Map(shows.results.map((show) => [show.venue, show.venue_name]));
}

export function usePartyVenues(party: PartyRef) {
  return useQuery(
    queryOptions({
      queryKey: invoiceKeys.party(party.type, party.id, 'venues'),
      queryFn: () => listPartyVenues(party),
    }),
  );
}
