import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../constants';

export const MAX_PAGE_SIZE = 1000;

/** `?page=` (1-based) and `?page_size=` on every list (contract "Wire conventions"). */
export const listQuery = z.object({
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'too_small' }).default(1),
  page_size: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'too_small' })
    .max(MAX_PAGE_SIZE, { error: 'too_big' })
    .default(DEFAULT_PAGE_SIZE),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Lists answer `{ count, results }`: count is the total over all pages. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), results: z.array(item) });
