import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { emailField, isoDateField, languageField, MAX_ID, requiredOrInvalid, requiredString } from './common';
import { listQuery } from './pagination';

/** A party of spectators: at least one person, at most this many on one registration. */
export const ATTENDANCE_MAX_PEOPLE = 20;

export const ATTENDANCE_STATUSES = ['pending', 'confirmed'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Digits with the usual separators and an optional leading `+`. */
const PHONE = /^\+?[0-9][0-9 ()/.-]{3,39}$/;

/** A calendar day `YYYY-MM-DD`; missing is `required`, anything else `invalid_date`. */
export const dayField = z.string({ error: requiredOrInvalid }).trim().min(1, { error: 'required' }).pipe(isoDateField);

/**
 * POST /api/v1/attendance/ (public): a spectator's registration for one day of a show. The
 * server also checks that the venue exists and that the day lies within the show's dates.
 */
export const attendanceRequest = z.object({
  venue: z
    .number({ error: requiredOrInvalid })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' }),
  first_name: requiredString(100),
  last_name: requiredString(100),
  email: emailField,
  /** Optional; an empty string means none. */
  phone: z
    .string({ error: 'invalid' })
    .trim()
    .max(40, { error: 'too_long' })
    .refine((value) => value === '' || PHONE.test(value), { error: 'invalid' })
    .nullish(),
  visit_date: dayField,
  people: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalid') })
    .int({ error: 'invalid' })
    .min(1, { error: 'too_small' })
    .max(ATTENDANCE_MAX_PEOPLE, { error: 'too_big' }),
  /** The language of the confirmation e-mail; the request's Accept-Language when left out. */
  language: languageField.optional(),
});
export type AttendanceRequest = z.infer<typeof attendanceRequest>;

/** 201 for a new registration; 200 with the same id when the address already registered that day. */
export const attendanceResponse = z.object({ id: z.number().int(), status: z.enum(ATTENDANCE_STATUSES) });
export type AttendanceResponse = z.infer<typeof attendanceResponse>;

/** POST /api/v1/attendance/confirm/ — the token from the e-mailed link, usable once. */
export const attendanceConfirmRequest = z.object({ token: requiredString(256) });
export const attendanceConfirmResponse = z.object({
  id: z.number().int(),
  status: z.literal('confirmed'),
  venue: z.number().int(),
  visit_date: z.string(),
  people: z.number().int(),
});
export type AttendanceConfirmResponse = z.infer<typeof attendanceConfirmResponse>;

/** GET /api/v1/venue/{id}/attendance/ (staff of the venue): `?date=` picks one day. */
export const attendanceListQuery = listQuery.extend({ date: dayField.optional() });
export type AttendanceListQuery = z.infer<typeof attendanceListQuery>;

export const attendanceRegistration = z.object({
  id: z.number().int(),
  venue: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  visit_date: z.string(),
  people: z.number().int(),
  language: z.enum(LANGUAGES),
  status: z.enum(ATTENDANCE_STATUSES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type AttendanceRegistration = z.infer<typeof attendanceRegistration>;
