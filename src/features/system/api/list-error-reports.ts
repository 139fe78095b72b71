import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { ErrorReportKind, ErrorReportPage } from '@shared/schemas/error-report';
import { api } from '@/lib/api-client';

/** What the list is narrowed to; null is "any". */
export interface ErrorReportFilters {
  kind: ErrorReportKind | null;
  status: number | null;
}

export const NO_ERROR_REPORT_FILTERS: ErrorReportFilters = { kind: null, status: null };

/** GET /api/v1/errorReport/ (admins): one page of the reported client failures, newest first. */
export function listErrorReports(page: number, filters: ErrorReportFilters): Promise<ErrorReportPage> {
  return api.get<ErrorReportPage>('errorReport/', {
    params: { page, page_size: DEFAULT_PAGE_SIZE, kind: filters.kind, status: filters.status },
  });
}

export const errorReportListQueryOptions = (page: number, filters: ErrorReportFilters) =>
  queryOptions({
    queryKey: ['system', 'error-reports', page, filters],
    queryFn: () => listErrorReports(page, filters),
    // A log: read it fresh on every visit, and keep the old page on screen while paging.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useErrorReportList(page: number, filters: ErrorReportFilters) {
  return useQuery(errorReportListQueryOptions(page, filters));
}
