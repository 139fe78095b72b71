import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartyType } from '@shared/ledger';
import type { TransactionDefaults } from '@shared/schemas/ledger';
import { api } from '@/lib/api-client';

/**
 * GET /api/v1/transaction/defaults/: the event and tax override the server gives a new entry of
 * the party when the entry names no event (the rider's only event at the venue), so the preview
 * shows the VAT that will be saved.
 */
export function getTransactionDefaults(venue: number, partyType: PartyType, partyId: number) {
  return api.get<TransactionDefaults>('transaction/defaults/', {
    params: { venue, party_type: partyType, party_id: partyId },
  });
}

/** Nothing is asked while no party is chosen. */
export function useTransactionDefaults(venue: number, partyType: PartyType, partyId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['ledger', 'defaults', venue, partyType, partyId],
      queryFn: () => getTransactionDefaults(venue, partyType, partyId!),
      enabled: partyId !== null,
    }),
  );
}
