import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Vec } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

export interface VecList {
  count: number;
  results: Vec[];
}

/** GET /api/v1/venueEventCategory/?venue=: the venue's events. */
export async function listVecs(venueId: number | null): Promise<VecList> {
  requireParams({ venue: venueId });
  return api.get<VecList>('venueEventCategory/', { params: { venue: venueId, page_size: MAX_PAGE_SIZE } });
}

export const vecsQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.vecs(venueId), queryFn: () => listVecs(venueId) });

export function useVecs(venueId: number) {
  return useQuery(vecsQueryOptions(venueId));
}
