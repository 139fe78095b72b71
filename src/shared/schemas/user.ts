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
});
export type UserSummary = z.infer<typeof userSummary>;

export const userSearchResponse = paginated(userSummary);
