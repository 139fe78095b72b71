import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { InvoiceKind, InvoicePage, InvoiceStatus } from '@shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '../keys';

/** What the office narrows the list to; null is "any". */
export interface InvoiceFilters {
  kind: InvoiceKind | null;
  status: InvoiceStatus | null;
  /** Number or party name. */
  search: string | null;
}

export const NO_INVOICE_FILTERS: InvoiceFilters = { kind: null, status: null, search: null };

/** GET /api/v1/venue/{id}/invoices/: one page (100) with the totals of the whole list and what is left to invoice. */
export function listInvoices(venue: number, filters: InvoiceFilters, page: number): Promise<InvoicePage> {
  return api.get<InvoicePage>(`venue/${venue}/invoices/`, {
    params: { page, page_size: DEFAULT_PAGE_SIZE, ...filters },
  });
}

export const invoiceListQueryOptions = (venue: number, filters: InvoiceFilters, page: number) =>
  queryOptions({
    queryKey: invoiceKeys.list(venue, filters, page),
    queryFn: () => listInvoices(venue, filters, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useInvoices(venue: number, filters: InvoiceFilters, page: number) {
  return useQuery(invoiceListQueryOptions(venue, filters, page));
}
