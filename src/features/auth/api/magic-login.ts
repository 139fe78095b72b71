import type { z } from 'zod';
import type { magicLoginResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export type MagicLoginResponse = z.infer<typeof magicLoginResponse>;

/** POST /api/token/magic/: trades the link's one-time token for a session token. */
export function magicLogin(token: string): Promise<MagicLoginResponse> {
  return api.post<MagicLoginResponse>('/api/token/magic/', { token });
}
