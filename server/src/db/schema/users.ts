import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@shared/constants';
import { ROLES } from '@shared/roles';
import { createdAt, timestamptz, updatedAt } from './columns';
import { venues } from './venues';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The login. A user holds one or more roles and one profile per profile role. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`; null for accounts that sign in by link only. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    language: text('language').notNull().default('de'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamptz('last_login'),
    termsAcceptedVersion: text('terms_accepted_version'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    assignedVenueId: integer('assigned_venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /**
     * Bumped whenever every session of the user must end (logout everywhere, password change
     * or reset, deactivation): a session token carries the generation it was issued in and is
     * refused once the user's generation has moved on.
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_assigned_venue_idx').on(t.assignedVenueId),
    check('users_language_check', sql`${t.language} IN (${quoted(LANGUAGES)})`),
    check('users_roles_check', sql`${t.roles} <@ ARRAY[${quoted(ROLES)}]::text[]`),
  ],
);
