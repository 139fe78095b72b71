import { useMutation } from '@tanstack/react-query';
import type { AttendanceConfirmResponse } from '@shared/schemas/attendance';
import { api } from '@/lib/api-client';

/** POST /api/v1/attendance/confirm/ with the token of the e-mailed link (usable once). */
export function confirmAttendance(token: string): Promise<AttendanceConfirmResponse> {
  return api.post<AttendanceConfirmResponse>('attendance/confirm/', { token });
}

export function useConfirmAttendance() {
  return useMutation({ mutationFn: confirmAttendance });
}
