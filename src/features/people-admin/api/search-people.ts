import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { OwnerType } from '@shared/schemas/owner';
import type { PersonSummary } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';
import { peopleAdminKeys } from './keys';

/** GET /api/v1/{kind}/?search=: people of one kind by name, e-mail or FEI id. */
export function searchPeople(
  kind: OwnerType,
  search: string,
  page: number,
): Promise<{ count: number; results: PersonSummary[] }> {
  return api.get(`${kind}/`, { params: { search: search || null, page, page_size: DEFAULT_PAGE_SIZE } });
}

export function usePeople(kind: OwnerType, search: string, page = 1) {
  return useQuery({
    queryKey: peopleAdminKeys.search(kind, search, page),
    queryFn: () => searchPeople(kind, search, page),
    placeholderData: keepPreviousData,
  });
}
