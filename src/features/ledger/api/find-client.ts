import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FindClientResult } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

/** The shortest search the server takes. */
export const FIND_CLIENT_MIN_LENGTH = 2;

/** GET /api/v1/balance/findClient/?search= (admins): parties by name or e-mail, with their balances per venue. */
export function findClient(search: string): Promise<FindClientResult> {
  return api.get<FindClientResult>('balance/findClient/', { params: { search } });
}

export const findClientQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['balances', 'find-client', search],
    queryFn: () => findClient(search),
    enabled: search.length >= FIND_CLIENT_MIN_LENGTH,
    staleTime: 0,
  });

export function useFindClient(search: string) {
  return useQuery(findClientQueryOptions(search));
}
