import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Consumable } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';
import { requireParams } from '@/lib/require-params';
import { venueKeys } from './keys';

export interface ConsumableList {
  count: number;
  results: Consumable[];
}

/** GET /api/v1/consumable/?venue=: what the venue sells, active and inactive. */
export async function listConsumables(venueId: number | null): Promise<ConsumableList> {
  requireParams({ venue: venueId });
  return api.get<ConsumableList>('consumable/', { params: { venue: venueId, page_size: MAX_PAGE_SIZE } });
}

export const consumablesQueryOptions = (venueId: number) =>
  queryOptions({ queryKey: venueKeys.consumables(venueId), queryFn: () => listConsumables(venueId) });

export function useConsumables(venueId: number) {
  return useQuery(consumablesQueryOptions(venueId));
}
