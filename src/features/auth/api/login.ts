import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@shared/schemas/auth';
import type { LoginResponse } from '@shared/schemas/device-session';
import { api } from '@/lib/api-client';
import { noteIssuedCredential } from '@/lib/device-session';
import { deviceId } from '@/offline/device-id';

/**
 * POST /api/token/auth/: username (or e-mail) and password for a token; floor staff also get a
 * device credential, kept once their session has started.
 */
export async function login(input: LoginRequest): Promise<LoginResponse> {
  // The tablet's own id: a floor device credential names it and dies with its revocation.
  const answer = await api.post<LoginResponse>('/api/token/auth/', { ...input, device_id: deviceId() });
  noteIssuedCredential(answer);
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
