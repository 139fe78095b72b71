import { queryOptions } from '@tanstack/react-query';
import type { PayingPartyType } from '@shared/schemas/payments';
import type { PersonSummary } from '@shared/schemas/participation';
import { api } from '@/lib/api-client';

/** GET /api/v1/{rider|employer|official|simpleuser}/?search= (staff): whose card the office may charge. */
export function searchPayers(type: PayingPartyType, search: string): Promise<{ results: PersonSummary[] }> {
  return api.get(`${type}/`, { params: { search: search || null, page_size: 50 } });
}

export const payerOptionsQueryOptions = (type: PayingPartyType, search: string) =>
  queryOptions({
    queryKey: ['payments', 'payer-options', type, search],
    queryFn: () => searchPayers(type, search),
    select: (page) =>
      page.results.map((person) => ({
        value: String(person.id),
        label: person.fei_id ? `${person.name} (${person.fei_id})` : person.name,
      })),
  });
