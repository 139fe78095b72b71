import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerShow } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { reportKeys } from '../keys';
import type { ReportParty } from '../party';

/** A row of the party's reports: one show, or every show (`venue` null). */
export type PartyReportRow = Pick<OwnerShow, 'venue_name' | 'currency' | 'balance_minor'> & { venue: number | null };

/**
 * GET /api/v1/{partyType}/{id}/balance/: the shows where the party has an account (what its
 * summary and details cover), led by a row for every show at once when there is any.
 */
export async function listPartyShows(party: ReportParty): Promise<{ count: number; results: PartyReportRow[] }> {
  const { results } = await api.get<{ results: OwnerShow[] }>(`${party.type}/${party.id}/balance/`);
  const rows: PartyReportRow[] = results.length
    ? [{ venue: null, venue_name: '', currency: '', balance_minor: 0 }, ...results]
    : [];
  return { count: rows.length, results: rows };
}

export function usePartyShows(party: ReportParty) {
  return useQuery(
    queryOptions({
      queryKey: reportKeys.partyShows(party.type, party.id),
      queryFn: () => listPartyShows(party),
      staleTime: 0,
    }),
  );
}
