import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@shared/schemas/app-config';
import { api } from '@/lib/api-client';

/** GET /api/v1/config/ (public): what this server allows. */
export function getConfig(): Promise<AppConfig> {
  return api.get<AppConfig>('config/');
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'config'], queryFn: getConfig, staleTime: Infinity });

export function useConfig() {
  return useQuery(configQueryOptions());
}
