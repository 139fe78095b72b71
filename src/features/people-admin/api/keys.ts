import type { OwnerType } from '@shared/schemas/owner';

/** React Query keys of the admin's people areas. */
export const peopleAdminKeys = {
  kind: (kind: OwnerType) => ['people-admin', kind] as const,
  search: (kind: OwnerType, search: string, page: number) => ['people-admin', kind, search, page] as const,
  duplicates: ['people-admin', 'duplicates'] as const,
  riderExists: (registrationId: string | null, email: string | null) =>
    ['people-admin', 'rider-exists', registrationId, email] as const,
  participated: (kind: 'rider' | 'official', id: number) => ['people-admin', 'participated', kind, id] as const,
};
