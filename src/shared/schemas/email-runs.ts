import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { ATTENDEE_KINDS } from '../floor-constants';
import { MAX_ID, requiredOrInvalid } from './common';
import { emailBodyField, emailSubjectField } from './venue-setup';

/**
 * E-mail runs to a venue's people (spec §2 admin actions onboardingEmails,
 * sendEmails, sendEmailsAttendees). Admins only ('emailRun.manage'). Endpoints:
 *   POST /api/v1/venue/{id}/sendOnboardingEmailToSelf/  emailMessageInput → { detail }: the onboarding
 *        e-mail (a template, a written text, or the built-in one) filled for and sent to the signed-in admin
 *   POST /api/v1/venue/{id}/emailRun/preview/           emailRunPreviewInput → emailRunPreview
 *   POST /api/v1/venue/{id}/emailRun/                   emailRunInput → 202 jobRun (kind 'emails'), one step
 *        per recipient (its key: the e-mail address); { retry_of: runId } sends the same message again
 *        to that run's failed recipients only
 * Progress, failures and cancel: /api/v1/jobs/{id}/ (schemas/jobs.ts).
 *
 * The message is a venue's template (`template`), or `subject` + `body_html` written for this run,
 * or — onboarding only, neither given — the built-in onboarding text in each recipient's language.
 * Placeholders are EMAIL_PLACEHOLDERS (schemas/venue-setup.ts); any other `{name}` is refused
 * (`unknown_placeholder`). Each e-mail address gets one message per run (compared ignoring case).
 */

/**
 * Who receives it: `onboarding` the venue's participants (riders, their employers, officials,
 * simple users with an account there); `participants` the riders enrolled; `officials` the
 * officials working there; `attendees` the welcome desk's attendees with an e-mail.
 */
export const EMAIL_AUDIENCES = ['onboarding', 'participants', 'officials', 'attendees'] as const;
export type EmailAudience = (typeof EMAIL_AUDIENCES)[number];

/** Who pays a rider's costs (venue participation). */
export const EMAIL_PAYER_TYPES = ['rider', 'employer'] as const;

/** Recipients a preview lists. */
export const PREVIEW_RECIPIENTS = 50;

const idInput = z
  .number({ error: 'invalid' })
  .int({ error: 'invalid' })
  .positive({ error: 'invalid' })
  .max(MAX_ID, { error: 'invalid' });
const flag = z.boolean({ error: 'invalid' });

/** Filters; each applies to the audiences named. */
export const emailRunFilters = z.object({
  /** onboarding: only those with a login who have not set a password yet (default); false: everyone with an e-mail. */
  without_password: flag.optional(),
  /** participants: entered in this event (venue event category). */
  vec: idInput.optional(),
  /** participants: whose costs this payer type pays. */
  payer_type: z.enum(EMAIL_PAYER_TYPES, { error: 'invalid' }).optional(),
  /** participants: only those whose payer owes money at the venue (balance below zero). */
  open_balance: flag.optional(),
  /** attendees: of this kind. */
  kind: z.enum(ATTENDEE_KINDS, { error: 'invalid' }).optional(),
  /** attendees: checked in now (true) or not (false). */
  checked_in: flag.optional(),
});
export type EmailRunFilters = z.infer<typeof emailRunFilters>;

/** The message: a template of the venue, or a subject and body written here. */
export const emailMessageInput = z.object({
  template: idInput.optional(),
  subject: emailSubjectField.optional(),
  body_html: emailBodyField.optional(),
});
export type EmailMessageInput = z.infer<typeof emailMessageInput>;

export const emailRunPreviewInput = emailMessageInput.extend({
  audience: z.enum(EMAIL_AUDIENCES, { error: requiredOrInvalid }),
  filters: emailRunFilters.default({}),
});
export type EmailRunPreviewInput = z.infer<typeof emailRunPreviewInput>;
/** What a client sends (filters may be left out). */
export type EmailRunPreviewRequest = z.input<typeof emailRunPreviewInput>;

/** A new run (audience, filters, message), or `retry_of` alone: that run's failed recipients again. */
export const emailRunInput = emailMessageInput
  .extend({
    audience: z.enum(EMAIL_AUDIENCES, { error: 'invalid' }).optional(),
    filters: emailRunFilters.default({}),
    retry_of: idInput.optional(),
  })
  .refine((input) => input.retry_of !== undefined || input.audience !== undefined, {
    error: 'required',
    path: ['audience'],
  });
export type EmailRunInput = z.infer<typeof emailRunInput>;
export type EmailRunRequest = z.input<typeof emailRunInput>;

export const emailRecipient = z.object({
  name: z.string(),
  email: z.string(),
  /** The recipient's own language when known (their login's). */
  language: z.enum(LANGUAGES).nullable(),
});
export type EmailRecipient = z.infer<typeof emailRecipient>;

export const emailRunPreview = z.object({
  /** Recipients (distinct e-mail addresses). */
  count: z.number().int(),
  /** The first PREVIEW_RECIPIENTS of them. */
  recipients: z.array(emailRecipient),
  /** The message as the first recipient gets it (a sign-in link stands in for a personal one); null: no recipients. */
  message: z
    .object({
      to: z.string(),
      language: z.enum(LANGUAGES),
      subject: z.string(),
      /** The plain text that is sent. */
      text: z.string(),
    })
    .nullable(),
});
export type EmailRunPreview = z.infer<typeof emailRunPreview>;
