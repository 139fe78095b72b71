import { queryOptions } from '@tanstack/react-query';
import type { PartyType } from '@shared/ledger';
import type { PersonSummary } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';

/** How many matches a select offers. */
const OPTION_COUNT = 50;

/** GET /api/v1/{rider|employer|official|simpleuser|merchant}/?search= (staff): who may be charged. */
export function searchParties(type: PartyType, search: string): Promise<{ count: number; results: PersonSummary[] }> {
  return api.get(`${type}/`, { params: { search: search || null, page_size: OPTION_COUNT } });
}

export const partyOptionsQueryOptions = (type: PartyType, search: string) =>
  queryOptions({
    queryKey: ['ledger', 'party-options', type, search],
    queryFn: () => searchParties(type, search),
    select: (page) =>
      page.results.map((person) => ({
        value: String(person.id),
        label: person.fei_id ? `${person.name} (${person.fei_id})` : person.name,
      })),
  });
