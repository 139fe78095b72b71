import type { TokenResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/token/refresh/ with the current token; 400 when it can no longer be refreshed. */
export function refreshToken(token: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/token/refresh/', { token });
}
