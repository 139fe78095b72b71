import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxConfiguration } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { venueKeys } from './keys';

/** GET /api/v1/venueEventCategory/{id}/taxConfiguration/: one entry per kind of charge. */
export function getTaxConfiguration(vecId: number): Promise<TaxConfiguration> {
  return api.get<TaxConfiguration>(`venueEventCategory/${vecId}/taxConfiguration/`);
}

export const taxConfigurationQueryOptions = (vecId: number) =>
  queryOptions({ queryKey: venueKeys.taxConfiguration(vecId), queryFn: () => getTaxConfiguration(vecId) });

export function useTaxConfiguration(vecId: number) {
  return useQuery(taxConfigurationQueryOptions(vecId));
}
