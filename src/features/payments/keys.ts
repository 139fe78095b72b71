import type { PayingPartyType } from '@shared/schemas/payments';

/** React Query keys of the payments feature: everything starts with `['payments']`. */
export const paymentKeys = {
  all: ['payments'] as const,
  cards: (user: number) => ['payments', 'cards', user] as const,
  payable: (type: PayingPartyType, id: number) => ['payments', 'payable', type, id] as const,
  payment: (intent: string) => ['payments', 'payment', intent] as const,
  selfCheckout: (rider: number, venue: number) => ['payments', 'self-checkout', rider, venue] as const,
  venuePayments: (venue: number, ...rest: unknown[]) => ['payments', 'venue', venue, ...rest] as const,
  partyCards: (venue: number, type: PayingPartyType, id: number) =>
    ['payments', 'party-cards', venue, type, id] as const,
};

/** A party that pays by card: its kind and profile id. */
export interface PayerRef {
  type: PayingPartyType;
  id: number;
}

/** Lists come as a bare array (the contract) or paged as `{ results }`: the rows either way. */
export function rowsOf<T>(answer: T[] | { results: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}
