import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartyType } from '@shared/ledger';
import type { InvoicePage } from '@shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { bankStatementKeys } from '../keys';

export interface Target {
  id: number;
  label: string;
}

/** GET /api/v1/venue/{id}/invoices/?kind=invoice&search=: the venue's invoices by number or party name. */
export async function findInvoices(venue: number, search: string): Promise<Target[]> {
  const page = await api.get<InvoicePage>(`venue/${venue}/invoices/`, {
    params: { kind: 'invoice', search: search || null, page: 1, page_size: 20 },
  });
  return page.results
    .filter((invoice) => invoice.status !== 'cancelled')
    .map((invoice) => ({ id: invoice.id, label: `${invoice.number} · ${invoice.party.name}` }));
}

/** GET /api/v1/{type}/?search=: people (or companies) of one kind by name. */
export async function findParties(type: PartyType, search: string): Promise<Target[]> {
  const page = await api.get<{ results: { id: number; name: string }[] }>(`${type}/`, {
    params: { search: search || null, page: 1, page_size: 20 },
  });
  return page.results.map((party) => ({ id: party.id, label: party.name }));
}

export function useTargets(venue: number, kind: 'invoice' | PartyType, search: string) {
  return useQuery(
    queryOptions({
      queryKey: [...bankStatementKeys.all, 'targets', venue, kind, search] as const,
      queryFn: () => (kind === 'invoice' ? findInvoices(venue, search) : findParties(kind, search)),
      placeholderData: keepPreviousData,
    }),
  );
}
