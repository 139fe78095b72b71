import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/schemas/app-config';
import { api } from '@/lib/api-client';

/**
 * GET /api/v1/config/ (public): the card provider's publishable key, null when card payments
 * are not set up. The same query (and cache entry) as the rest of the app's config.
 */
export const cardConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'config'],
    queryFn: () => api.get<AppConfig>('config/'),
    staleTime: Infinity,
    select: (config) => config.stripe_publishable_key || null,
  });

export function usePublishableKey() {
  return useQuery(cardConfigQueryOptions());
}
