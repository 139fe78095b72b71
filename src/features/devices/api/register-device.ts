import { useMutation } from '@tanstack/react-query';
import type { Device, DeviceRegisterInput } from '@shared/schemas/devices';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/device/register/: this tablet at the user's venue, under a name (or the server's
 * default); the same device again answers the known one (200).
 */
export function registerDevice(input: DeviceRegisterInput): Promise<Device> {
  return api.post<Device>('device/register/', input);
}

export function useRegisterDevice() {
  return useMutation({ mutationFn: registerDevice });
}
