import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/v1/rider/getNextBookkeepingRefId/ (the office): the next free bookkeeping number. */
export function getNextBookkeepingRefId(): Promise<{ next: number }> {
  return api.get<{ next: number }>('rider/getNextBookkeepingRefId/');
}

/** Asked when the field is shown; fresh each time the form opens (another office may take one). */
export function useNextBookkeepingRefId(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['owner', 'next-bookkeeping-ref-id'] as const,
      queryFn: getNextBookkeepingRefId,
      enabled,
      staleTime: 0,
    }),
  );
}
