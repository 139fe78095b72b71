import type { z } from 'zod';
import type { CurrentUser, updateCurrentUser as updateCurrentUserSchema } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export type UpdateCurrentUser = z.infer<typeof updateCurrentUserSchema>;

/** PATCH /api/auth/user/: the session settings a user keeps on the server (language). */
export function updateCurrentUser(input: UpdateCurrentUser): Promise<CurrentUser> {
  return api.patch<CurrentUser>('/api/auth/user/', input);
}
