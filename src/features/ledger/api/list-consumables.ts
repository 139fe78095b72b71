import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/pagination';
import type { Consumable } from '@shared/schemas/venue-setup';
import { api } from '@/lib/api-client';

/** GET /api/v1/consumable/?venue=&active=true: what the venue sells, for the form's select. */
export async function listConsumables(venue: number): Promise<Consumable[]> {
  const page = await api.get<{ count: number; results: Consumable[] }>('consumable/', {
    params: { venue, active: 'true', page_size: MAX_PAGE_SIZE },
  });
  return page.results;
}

export function useConsumables(venue: number) {
  return useQuery(queryOptions({ queryKey: ['ledger', 'consumables', venue], queryFn: () => listConsumables(venue) }));
}
