import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';
import { venues } from './venues';

export const AUTH_LINK_PURPOSES = ['magic_login'] as const;

/** One-time sign-in links. Only the SHA-256 of the token is stored. */
export const authLinks = pgTable(
  'auth_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: AUTH_LINK_PURPOSES }).notNull(),
    preshowVenueId: integer('preshow_venue_id').references(() => venues.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('auth_links_user_idx').on(t.userId), index('auth_links_expires_idx').on(t.expiresAt)],
);

/**
 * Sessions ended by logout: one sign-in's session (its token, the refreshes of it and the
 * floor device credential issued with it), named by the session id every token of it carries.
 * A row is kept until no token of that session could still be alive.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    sid: text('sid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endedAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('ended_sessions_expires_idx').on(t.expiresAt)],
);
