import type { CurrentUser } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** GET /api/auth/user/: who the token belongs to. */
export function getCurrentUser(): Promise<CurrentUser> {
  return api.get<CurrentUser>('/api/auth/user/', { noCache: true });
}
