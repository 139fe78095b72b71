import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/** Who did what to whom, from where. Rows are only ever appended. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_target_idx').on(t.targetUserId),
  ],
);
