import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { isCountryCode, isCurrencyCode, isTimeZone } from './iso-codes';

/** Field messages are error codes (see ../errors.ts); the client translates them. */

/** A missing value is `required`; a value of the wrong type is `invalid`. */
export const requiredOrInvalid = (issue: { input?: unknown }): string =>
  issue.input === undefined ? 'required' : 'invalid';
export const requiredString = (max = 255) =>
  z.string({ error: requiredOrInvalid }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

export const emailField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'invalid_email' }));

/** Passwords: at least 8 characters, at most 128. */
export const passwordField = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .min(8, { error: 'password_too_short' })
  .max(128, { error: 'too_long' });

export const languageField = z.enum(LANGUAGES, { error: 'invalid' });

/*
 * Free-text codes that later feed SQL functions (`AT TIME ZONE`) or Intl formatting: only known
 * values pass, so one bad value cannot break every later page of a venue.
 */

/** An IANA time zone, e.g. Europe/Berlin. */
export const timeZoneField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: 'required' })
  .max(64, { error: 'too_long' })
  .refine((zone) => zone === '' || isTimeZone(zone), { error: 'invalid_time_zone' });
/** An ISO 4217 currency code, e.g. EUR (lower case is accepted and upper-cased). */
export const currencyField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: 'invalid_currency' });
/** An ISO 3166-1 alpha-2 country code, e.g. DE (lower case is accepted and upper-cased). */
export const countryField = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: 'invalid_country' });

/*
 * Dates and times: PostgreSQL has no year 0 (`0000-01-01` was a 500), and nothing at a show
 * lies outside these years, so anything else is `invalid_date` like a malformed value.
 */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;
/** True for a sensible year, and for values that are not dates at all (their format check says so). */
const sensibleYear = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return !Number.isInteger(year) || (year >= MIN_YEAR && year <= MAX_YEAR);
};
/** A calendar day `YYYY-MM-DD`, years 1900–2999. */
export const isoDateField = z.iso.date({ error: 'invalid_date' }).refine(sensibleYear, { error: 'invalid_date' });
/** An ISO date-time with its offset, years 1900–2999. */
export const isoDateTimeField = z.iso
  .datetime({ offset: true, error: 'invalid_date' })
  .refine(sensibleYear, { error: 'invalid_date' });

/** A change must change something: a body whose fields are all left out is refused (`no_changes`). */
export function atLeastOneField<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value) => Object.values(value as object).some((v) => v !== undefined), {
    error: 'no_changes',
  });
}

/** The largest id PostgreSQL's `integer` holds: a bigger one cannot exist (it was a 500). */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });

export const okResponse = z.object({ ok: z.literal(true) });

export const detailResponse = z.object({ detail: z.string() });
