import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { AuditLogPage } from '@shared/schemas/audit-log';
import { api } from '@/lib/api-client';

/** What the log is narrowed to; null is "any". */
export interface AuditLogFilters {
  /** An exact action, e.g. `auth.login`. */
  action: string | null;
  /** Rows where this user acted or was acted upon. */
  user: number | null;
}

export const NO_AUDIT_LOG_FILTERS: AuditLogFilters = { action: null, user: null };

/** GET /api/v1/auditLog/ (admins): one page of security events, newest first. */
export function listAuditLog(page: number, filters: AuditLogFilters): Promise<AuditLogPage> {
  return api.get<AuditLogPage>('auditLog/', {
    params: { page, page_size: DEFAULT_PAGE_SIZE, action: filters.action, user: filters.user },
  });
}

export const auditLogQueryOptions = (page: number, filters: AuditLogFilters) =>
  queryOptions({
    queryKey: ['system', 'audit-log', page, filters],
    queryFn: () => listAuditLog(page, filters),
    // A log: read it fresh on every visit, and keep the old page on screen while paging.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, filters: AuditLogFilters) {
  return useQuery(auditLogQueryOptions(page, filters));
}
