import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Fixed-window counters of the rate limits on sign-in, password reset, magic links and
 * registration. They live in the database so that every API process behind a load balancer
 * counts the same attempts (a limit kept in one process's memory is multiplied by the number
 * of processes). The key names the limit and what it is keyed by (account or client address).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    /** Start of the window in epoch milliseconds. */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
