import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/user/impersonate/ (admins): a token acting as `userId`. */
export function impersonate(userId: number): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/auth/user/impersonate/', { user_id: userId });
}

export function useImpersonate() {
  return useMutation({ mutationFn: impersonate });
}
