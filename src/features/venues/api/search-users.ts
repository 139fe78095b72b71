import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shared/schemas/user';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

interface UserSearchPage {
  count: number;
  results: UserSummary[];
}

/** GET /api/v1/user/search/?q= (admins): users by username, e-mail or name. */
export function searchUsers(query: string): Promise<UserSearchPage> {
  return api.get<UserSearchPage>('user/search/', { params: { q: query.trim() } });
}

export const userSearchQueryOptions = (query: string) =>
  queryOptions({ queryKey: venueKeys.userSearch(query.trim()), queryFn: () => searchUsers(query) });

/** Searches once at least two characters are typed. */
export function useUserSearch(query: string, enabled = true) {
  return useQuery({
    ...userSearchQueryOptions(query),
    enabled: enabled && query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
