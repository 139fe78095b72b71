import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueSummary } from '@shared/schemas/venue';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';

/** GET /api/v1/venue/{id}/ (admins, or the users assigned to it). */
export async function getVenue(id: number | null): Promise<VenueSummary> {
  requireParams({ venue: id });
  return api.get<VenueSummary>(`venue/${id}/`);
}

export const venueQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['venues', 'detail', id], queryFn: () => getVenue(id) });

export function useVenue(id: number) {
  return useQuery(venueQueryOptions(id));
}
