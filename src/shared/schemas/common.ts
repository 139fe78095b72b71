import { z } from 'zod';
import { LANGUAGES } from '../constants';

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

export const idParam = z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' });

export const okResponse = z.object({ ok: z.literal(true) });

export const detailResponse = z.object({ detail: z.string() });
