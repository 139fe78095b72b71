import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceRenameInput } from '@shared/schemas/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from '../keys';

export type DeviceChange = 'revoke' | 'restore';

/**
 * POST /api/v1/device/{id}/revoke/ (its writes, heartbeat and token exchange are refused from
 * now on) or …/restore/. Both answer the device; asking again changes nothing.
 */
export function changeDevice({ device, change }: { device: number; change: DeviceChange }): Promise<Device> {
  return api.post<Device>(`device/${device}/${change}/`);
}

export function useChangeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeDevice,
    onSettled: () => void client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** PATCH /api/v1/device/{id}/ {name} → the device. */
export function renameDevice({ device, input }: { device: number; input: DeviceRenameInput }): Promise<Device> {
  return api.patch<Device>(`device/${device}/`, input);
}

export function useRenameDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameDevice,
    onSuccess: () => void client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
