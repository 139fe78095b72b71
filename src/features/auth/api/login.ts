import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, TokenResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/token/auth/: username (or e-mail) and password for a token. */
export function login(input: LoginRequest): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/token/auth/', input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
