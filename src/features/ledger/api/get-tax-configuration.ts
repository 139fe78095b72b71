import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxConfiguration } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';

/** GET /api/v1/venueEventCategory/{id}/taxConfiguration/: an event's tax type per kind of charge. */
export function getTaxConfiguration(vec: number): Promise<TaxConfiguration> {
  return api.get<TaxConfiguration>(`venueEventCategory/${vec}/taxConfiguration/`);
}

/** Nothing is asked while no event is chosen. */
export function useTaxConfiguration(vec: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ['ledger', 'tax-configuration', vec],
      queryFn: () => getTaxConfiguration(vec!),
      enabled: vec !== null,
    }),
  );
}
