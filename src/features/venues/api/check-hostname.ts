import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostCheckResponse } from '@shared/schemas/venue';
import { api } from '@/lib/api-client';

/** GET /api/v1/venue/check_hostname/: the whitelabel venue and logo of this domain, if any. */
export function checkHostname(): Promise<HostCheckResponse> {
  return api.get<HostCheckResponse>('venue/check_hostname/');
}

export const hostCheckQueryOptions = () =>
  queryOptions({ queryKey: ['venues', 'host-check'], queryFn: checkHostname, staleTime: Infinity });

export function useHostCheck() {
  return useQuery(hostCheckQueryOptions());
}
