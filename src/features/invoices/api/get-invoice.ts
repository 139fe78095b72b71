import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '../keys';

/** GET /api/v1/invoice/{id}/: one invoice or credit note with its lines and VAT summary. */
export function getInvoice(id: number): Promise<Invoice> {
  return api.get<Invoice>(`invoice/${id}/`);
}

export const invoiceQueryOptions = (id: number) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id), staleTime: 0 });

export function useInvoice(id: number) {
  return useQuery(invoiceQueryOptions(id));
}

/** The same invoice's lines, as a list (RecordTable). */
export function useInvoiceLines(id: number) {
  return useQuery({
    ...invoiceQueryOptions(id),
    select: (invoice) => ({ count: invoice.lines.length, results: invoice.lines }),
  });
}

/** The same invoice's VAT per rate, as a list (RecordTable). */
export function useInvoiceVat(id: number) {
  return useQuery({
    ...invoiceQueryOptions(id),
    select: (invoice) => ({ count: invoice.vat_summary.length, results: invoice.vat_summary }),
  });
}
