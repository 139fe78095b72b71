import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeRequest } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { useAppStore } from '@/lib/store';

/**
 * POST /api/auth/password/: every other session of the user ends on the server; this one goes
 * on with the token answered, which replaces the old one at once.
 */
export function changePassword(input: PasswordChangeRequest): Promise<{ token: string }> {
  return api.post<{ token: string }>('/api/auth/password/', input);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => useAppStore.getState().setToken(token),
  });
}
