import type { InvoicedPartyType } from './party';

/** React Query keys of the invoices feature: everything starts with `['invoices']`. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (venue: number, ...rest: unknown[]) => ['invoices', 'list', venue, ...rest] as const,
  detail: (id: number) => ['invoices', 'detail', id] as const,
  party: (type: InvoicedPartyType, id: number, ...rest: unknown[]) => ['invoices', 'party', type, id, ...rest] as const,
};
