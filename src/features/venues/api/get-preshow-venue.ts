import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreshowVenue } from '@shared/schemas/preshow';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/** GET /api/v1/venue/{id}/preshow/ (public). */
export async function getPreshowVenue(id: number | null): Promise<PreshowVenue> {
  requireParams({ venue: id });
  return api.get<PreshowVenue>(`venue/${id}/preshow/`);
}

export const preshowVenueQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['venues', 'preshow', id], queryFn: () => getPreshowVenue(id) });

export function usePreshowVenue(id: number) {
  return useQuery(preshowVenueQueryOptions(id));
}
