import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/v1/venue/{id}/: the venue's currency, the only one its cards are charged in. */
export function useVenueCurrency(venue: number) {
  return useQuery({
    queryKey: ['payments', 'venue-currency', venue],
    queryFn: () => api.get<{ currency: string }>(`venue/${venue}/`),
    select: (detail) => detail.currency,
    staleTime: 60_000,
  });
}
