import { z } from 'zod';
import { ROLES } from '../roles';
import { listQuery, paginated } from './pagination';

/** GET /api/v1/user/search/?q= (admin): matches username, e-mail and names. */
export const userSearchQuery = listQuery.extend({ q: z.string().trim().max(100, { error: 'too_long' }).default('') });

export const userSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** A deactivated account cannot sign in, and its sessions ended when it was deactivated. */
  is_active: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** PATCH /api/v1/user/{id}/active/ (admin): deactivate an account (its sessions end at once) or reactivate it. */
export const userActiveInput = z.object({ is_active: z.boolean({ error: 'required' }) });

export const userSearchResponse = paginated(userSummary);
