import { api } from '@/lib/api-client';

/** GET /api/auth/user/logout/: the server records the logout. */
export function logout(): Promise<{ ok: true }> {
  return api.get<{ ok: true }>('/api/auth/user/logout/', { noCache: true });
}
