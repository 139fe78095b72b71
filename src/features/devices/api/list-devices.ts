import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceList } from '@shared/schemas/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from '../keys';

/** Whose devices: one venue's (its office) or every venue's, optionally filtered (admins). */
export interface DeviceScope {
  scope: 'venue' | 'all';
  venue: number | null;
}

export const DEVICES_PAGE_SIZE = 100;

/**
 * GET /api/v1/venue/{id}/devices/ (the venue's office) or GET /api/v1/device/?venue= (admins):
 * the floor devices, by venue and name.
 */
export function listDevices({ scope, venue }: DeviceScope, page = 1): Promise<DeviceList> {
  const params = { page, page_size: DEVICES_PAGE_SIZE };
  return scope === 'venue'
    ? api.get<DeviceList>(`venue/${venue}/devices/`, { params })
    : api.get<DeviceList>('device/', { params: { ...params, venue } });
}

export const devicesQueryOptions = (target: DeviceScope, page = 1) =>
  queryOptions({
    queryKey: deviceKeys.list(target.scope, target.venue, page),
    queryFn: () => listDevices(target, page),
    placeholderData: keepPreviousData,
    // Last seen and writes pending change while the page is open.
    refetchInterval: 30_000,
  });

export function useDevices(target: DeviceScope, page = 1) {
  return useQuery({ ...devicesQueryOptions(target, page), enabled: target.scope === 'all' || target.venue !== null });
}
