import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { PersonAtVenue } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueViewKeys } from './keys';

/** Who is listed: riders enrolled, officials working, simple users with an account at the venue. */
export const PEOPLE_KINDS = ['rider', 'official', 'simpleuser'] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];

/** Floor roles get no e-mail: it may be missing. */
export type PersonListed = Omit<PersonAtVenue, 'email'> & { email?: string | null };

export interface PeoplePage {
  count: number;
  results: PersonListed[];
}

/** GET /api/v1/{rider|official|simpleuser}/listAtVenue/?venue=&search=&page=: 100 a page, with balances. */
export function listPeopleAtVenue(kind: PeopleKind, venue: number, page: number, search = ''): Promise<PeoplePage> {
  requireParams({ venue });
  return api.get<PeoplePage>(`${kind}/listAtVenue/`, {
    params: { venue, page, page_size: DEFAULT_PAGE_SIZE, search: search.trim() || undefined },
  });
}

export function usePeopleAtVenue(kind: PeopleKind, venue: number, page: number, search = '') {
  return useQuery({
    queryKey: venueViewKeys.people(kind, venue, page, search.trim()),
    queryFn: () => listPeopleAtVenue(kind, venue, page, search),
    placeholderData: keepPreviousData,
  });
}
