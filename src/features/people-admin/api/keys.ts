import type { OwnerType } from '@shared/schemas/owner';

/** React Query keys of the admin's people areas. */
export const peopleAdminKeys = {
  kind: (kind: OwnerType) => ['people-admin', kind] as const,
  search: (kind: OwnerType, search: string, page: number) => ['people-admin', kind, search, page] as const,
  duplicates: ['people-admin', 'duplicates'] as const,
};
