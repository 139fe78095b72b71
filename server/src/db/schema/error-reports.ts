import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Client-side failures (5xx, network, uncaught) reported by the PWA (spec §8). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['http', 'network', 'client'] }).notNull(),
    status: integer('status'),
    method: text('method'),
    url: text('url').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    page: text('page'),
    version: text('version'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt)],
);
