import { z } from 'zod';
import { ROLES } from '../roles';
import { LANGUAGES } from '../constants';
import {
  atLeastOneField,
  emailField,
  languageField,
  MAX_ID,
  passwordField,
  requiredOrInvalid,
  requiredString,
} from './common';

/** POST /api/token/auth/ — a missing field is "Missing parameters" (spec §5). */
export const loginRequest = z.object({
  username: z.string({ error: requiredOrInvalid }).trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
  password: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }).max(128, { error: 'too_long' }),
  /**
   * The signing-in device's own id (src/offline/device-id.ts). Floor staff get a device
   * credential only with it: the credential names its device and dies with its revocation.
   */
  device_id: z
    .string({ error: 'invalid' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'too_long' })
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** Token response: field `token` (spec §3). */
export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST /api/token/refresh/ with JSON body field token. */
export const refreshRequest = z.object({ token: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }) });

/** GET /api/auth/user/ — the current user. */
export const currentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  language: z.enum(LANGUAGES),
  terms_accepted: z.boolean(),
  terms_accepted_version: z.string().nullable(),
  assigned_venue: z.number().int().nullable(),
  rider_id: z.number().int().nullable(),
  employer_id: z.number().int().nullable(),
  official_id: z.number().int().nullable(),
  simple_user_id: z.number().int().nullable(),
  merchant_id: z.number().int().nullable(),
  /** Set while an admin impersonates this user. */
  impersonator: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** PATCH /api/auth/user/ — what a user may change about their own session settings. */
export const updateCurrentUser = atLeastOneField(z.object({ language: languageField.optional() }));

/** POST /_passwordReset/ — without an email: "No email specified." */
export const passwordResetRequest = z.object({ email: emailField });

export const passwordPair = z
  .object({ password: passwordField, password2: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }) })
  .refine((v) => v.password === v.password2, { error: 'passwords_mismatch', path: ['password2'] });

/** POST /_passwordReset/{uidb64}/{token}/ */
export const passwordResetConfirm = passwordPair;

/** POST /api/v1/user/hasUsablePassword/ */
export const hasUsablePasswordRequest = z.object({
  username: z.string().optional(),
  uid: requiredString(64),
  token: requiredString(128),
});
export const hasUsablePasswordResponse = z.object({ has_usable_password: z.boolean(), valid: z.boolean() });

/**
 * POST /api/auth/password/ — the signed-in user's new password (the current one confirms it's
 * them). Every other session of the user ends; this one goes on with the token answered.
 */
export const passwordChangeRequest = z
  .object({
    current_password: z
      .string({ error: requiredOrInvalid })
      .min(1, { error: 'required' })
      .max(128, { error: 'too_long' }),
    password: passwordField,
    password2: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }),
  })
  .refine((v) => v.password === v.password2, { error: 'passwords_mismatch', path: ['password2'] });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
export const passwordChangeResponse = z.object({ token: z.string() });

/** Self-registration (/registration): creates an unconfirmed account and e-mails a link. */
export const REGISTRATION_ROLES = ['rider', 'employer', 'official', 'simpleuser'] as const;
export const registrationRequest = z
  .object({
    email: emailField,
    first_name: requiredString(100),
    last_name: requiredString(100),
    role: z.enum(REGISTRATION_ROLES, { error: 'required' }),
    language: languageField.optional(),
    password: passwordField,
    password2: z.string({ error: requiredOrInvalid }).min(1, { error: 'required' }),
  })
  .refine((v) => v.password === v.password2, { error: 'passwords_mismatch', path: ['password2'] });
export type RegistrationRequest = z.infer<typeof registrationRequest>;

/** POST /api/v1/user/confirmEmail/ — from the link in the confirmation e-mail. */
export const confirmEmailRequest = z.object({ uid: requiredString(64), token: requiredString(128) });

/** POST /api/v1/user/magicLink/ — e-mails a one-time, short-lived sign-in link. */
export const magicLinkRequest = z.object({
  email: emailField,
  /** Optional preshow venue: the link then opens the preshow-only mode for that show. */
  preshow: z.number().int().positive().max(MAX_ID, { error: 'invalid' }).optional(),
});

/** POST /api/token/magic/ — trades the link's token for a session token. */
export const magicLoginRequest = z.object({ token: requiredString(256) });
export const magicLoginResponse = z.object({ token: z.string(), preshow: z.number().int().nullable() });

/** POST /api/auth/user/impersonate/ (admins only). */
export const impersonateRequest = z.object({
  user_id: z.number().int().positive({ error: 'required' }).max(MAX_ID, { error: 'invalid' }),
});
