import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '@shared/schemas/user';
import { api } from '@/lib/api-client';

interface UserSearchPage {
  count: number;
  results: UserSummary[];
}

/** GET /api/v1/user/search/?q= (admins). */
export function searchUsers(query: string): Promise<UserSearchPage> {
  return api.get<UserSearchPage>('user/search/', { params: { q: query } });
}

export const searchUsersQueryOptions = (query: string) =>
  queryOptions({ queryKey: ['auth', 'user-search', query], queryFn: () => searchUsers(query) });

/** Searches once at least two characters are typed. */
export function useSearchUsers(query: string) {
  return useQuery({
    ...searchUsersQueryOptions(query),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
