import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonSummary } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { participationKeys } from './keys';

/** The people lists staff can search. */
export type PersonKind = 'rider' | 'official' | 'merchant';

interface PersonPage {
  count: number;
  results: PersonSummary[];
}

/** GET /api/v1/{rider|official|merchant}/?search= (staff): people by name, e-mail or FEI id. */
export function searchPeople(kind: PersonKind, query: string): Promise<PersonPage> {
  return api.get<PersonPage>(`${kind}/`, { params: { search: query.trim() } });
}

export const personSearchQueryOptions = (kind: PersonKind, query: string) =>
  queryOptions({
    queryKey: participationKeys.personSearch(kind, query.trim()),
    queryFn: () => searchPeople(kind, query),
  });

/** Searches once at least two characters are typed. */
export function usePersonSearch(kind: PersonKind, query: string) {
  return useQuery({
    ...personSearchQueryOptions(kind, query),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
