import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/user/unimpersonate/: a token for the admin again. */
export function unimpersonate(): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/auth/user/unimpersonate/');
}

export function useUnimpersonate() {
  return useMutation({ mutationFn: unimpersonate });
}
