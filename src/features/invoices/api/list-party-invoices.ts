import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { invoiceKeys } from '../keys';
import type { PartyRef } from '../party';

/** GET /api/v1/{partyType}/{id}/invoices/: the party's own invoices and credit notes. */
export function listPartyInvoices(party: PartyRef): Promise<{ results: InvoiceSummary[] }> {
  return api.get<{ results: InvoiceSummary[] }>(`${party.type}/${party.id}/invoices/`);
}

export function usePartyInvoices(party: PartyRef) {
  return useQuery(
    queryOptions({
      queryKey: invoiceKeys.party(party.type, party.id),
      queryFn: () => listPartyInvoices(party),
      select: (list) => ({ count: list.results.length, results: list.results }),
      staleTime: 0,
    }),
  );
}
