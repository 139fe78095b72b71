import type { PartyRef } from '@shared/schemas/ledger';
import { href } from '@/lib/paths';

/** Where a party's entries at a venue are listed: the rider's own page, else the filtered venue list. */
export function partyTransactionsHref(venueId: number, party: Pick<PartyRef, 'type' | 'id'>): string {
  if (party.type === 'rider') return href('venueRiderTransactions', { venueId, riderId: party.id });
  if (party.type === 'official') return href('venueOfficialTransactions', { venueId }, { party_id: party.id });
  return href('venueTransactions', { venueId }, { party_type: party.type, party_id: party.id });
}
