import { useMutation } from '@tanstack/react-query';
import type { AttendanceRequest, AttendanceResponse } from '@shared/schemas/attendance';
import { api } from '@/lib/api-client';

/**
 * POST /api/v1/attendance/ (public): registers a spectator and e-mails a confirmation link.
 * The same address for the same day again answers the existing registration.
 */
export function registerAttendance(input: AttendanceRequest): Promise<AttendanceResponse> {
  return api.post<AttendanceResponse>('attendance/', input);
}

export function useRegisterAttendance() {
  return useMutation({ mutationFn: registerAttendance });
}
