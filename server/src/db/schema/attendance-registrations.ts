import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@shared/constants';
import { ATTENDANCE_MAX_PEOPLE } from '@shared/schemas/attendance';
import { createdAt, timestamptz } from './columns';
import { venues } from './venues';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A spectator's public sign-up for one day of a show (DOMAIN "Attendance registration").
 * One row per venue, e-mail (stored lower-case) and day; confirmed through a one-time link of
 * which only the SHA-256 is stored.
 */
export const attendanceRegistrations = pgTable(
  'attendance_registrations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    people: integer('people').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (t) => [
    // Also the index of the staff list (venue, day).
    uniqueIndex('attendance_registrations_visitor_key').on(t.venueId, t.visitDate, t.email),
    uniqueIndex('attendance_registrations_token_key').on(t.confirmTokenHash),
    check(
      'attendance_registrations_people_check',
      sql`${t.people} BETWEEN 1 AND ${sql.raw(String(ATTENDANCE_MAX_PEOPLE))}`,
    ),
    check('attendance_registrations_email_check', sql`${t.email} = lower(${t.email})`),
    check('attendance_registrations_language_check', sql`${t.language} IN (${quoted(LANGUAGES)})`),
  ],
);
