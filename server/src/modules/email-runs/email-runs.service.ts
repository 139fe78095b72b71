import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isLanguage } from '@shared/constants';
import {
  PREVIEW_RECIPIENTS,
  type EmailAudience,
  type EmailMessageInput,
  type EmailRunInput,
  type EmailRunPreview,
  type EmailRunPreviewInput,
} from '@shared/schemas/email-runs';
import { unknownPlaceholders } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { emailTemplates, jobRunItems } from '../../db/schema';
import { sessionOf } from '../../http/session';
import type { RunRow } from '../../plugins/jobs';
import { createUserRepo } from '../user/user.repo';
import { createVenueRepo, type VenueRow } from '../venue/venue.repo';
import { composeMail, type RunMessage } from './email-message';
import { paramsOf, type EmailRunParams } from './email-run.job';
import { recipientsOf, type Recipient } from './recipients.repo';

const nameOf = (r: Recipient) => [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email;

/** E-mail runs to a venue's people, their preview, and the onboarding e-mail to oneself (admins). */
export function createEmailRunService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);
  const users = createUserRepo(ctx.db);

  async function venueOf(id: number): Promise<VenueRow> {
    const venue = await venues.findById(id);
    if (!venue) throw new AppError('not_found');
    return venue;
  }

  /**
   * The message to send: a template of this venue (its placeholders checked again: it may have
   * been saved before they were), the subject and body written here, or — onboarding only,
   * neither given — the built-in onboarding text.
   */
  async function messageOf(venueId: number, input: EmailMessageInput, audience: EmailAudience): Promise<RunMessage> {
    if (input.template !== undefined) {
      const [row] = await ctx.db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.id, input.template), eq(emailTemplates.venueId, venueId)));
      if (!row) throw fieldError('template', 'does_not_exist');
      if (unknownPlaceholders(`${row.subject}\n${row.bodyHtml}`).length)
        throw fieldError('template', 'unknown_placeholder');
      return {
        builtin: null,
        template: row.id,
        subject: row.subject,
        body_html: row.bodyHtml,
        language: isLanguage(row.language) ? row.language : null,
      };
    }
    const subject = input.subject ?? '';
    const body = input.body_html ?? '';
    if (!subject && !body.trim() && audience === 'onboarding') return { builtin: 'onboarding' };
    const fields: Record<string, string[]> = {};
    if (!subject) fields.subject = ['required'];
    if (!body.trim()) fields.body_html = ['required'];
    if (Object.keys(fields).length) throw new AppError('validation', { fields });
    return { builtin: null, template: null, subject, body_html: body, language: null };
  }

  /** The failed recipients of an earlier e-mail run of the venue, with what it sent. */
  async function retryOf(venueId: number, runId: number): Promise<EmailRunParams> {
    const previous = await ctx.jobs.find(runId);
    if (!previous || previous.venueId !== venueId || previous.kind !== 'emails')
      throw fieldError('retry_of', 'does_not_exist');
    const failed = new Set(
      (
        await ctx.db
          .select({ key: jobRunItems.key })
          .from(jobRunItems)
          .where(and(eq(jobRunItems.runId, runId), eq(jobRunItems.status, 'failed')))
      ).map((r) => r.key),
    );
    const params = paramsOf(previous);
    const recipients = (params.recipients ?? []).filter((r) => failed.has(r.key));
    if (!recipients.length) throw fieldError('retry_of', 'no_recipients');
    return {
      audience: params.audience,
      filters: params.filters,
      message: params.message,
      recipients,
      retry_of: runId,
    };
  }

  return {
    async preview(venueId: number, input: EmailRunPreviewInput): Promise<EmailRunPreview> {
      const venue = await venueOf(venueId);
      const message = await messageOf(venueId, input, input.audience);
      const recipients = await recipientsOf(ctx.db, venueId, input.audience, input.filters);
      const first = recipients[0];
      const mail = first ? await composeMail(ctx, venue, message, first, { personal: false }) : null;
      return {
        count: recipients.length,
        recipients: recipients
          .slice(0, PREVIEW_RECIPIENTS)
          .map((r) => ({ name: nameOf(r), email: r.email, language: r.language })),
        message: mail && first ? { to: first.email, ...mail } : null,
      };
    },

    /** Starts a run (202); refused with field errors, and nothing sent, when it would send nothing. */
    async start(request: FastifyRequest, venueId: number, input: EmailRunInput): Promise<RunRow> {
      await venueOf(venueId);
      let params: EmailRunParams;
      if (input.retry_of !== undefined) params = await retryOf(venueId, input.retry_of);
      else {
        const audience = input.audience!;
        const message = await messageOf(venueId, input, audience);
        const recipients = await recipientsOf(ctx.db, venueId, audience, input.filters);
        if (!recipients.length) throw new AppError('validation', { fields: { __all__: ['no_recipients'] } });
        params = { audience, filters: input.filters, message, recipients, retry_of: null };
      }
      const user = sessionOf(request);
      const run = await ctx.jobs.start({
        kind: 'emails',
        venueId,
        userId: user.id,
        params: params as unknown as Record<string, unknown>,
      });
      await ctx.audit.record(request, {
        action: 'emailRun.start',
        details: {
          venue: venueId,
          run: run.id,
          audience: params.audience,
          recipients: params.recipients.length,
          template: params.message.builtin === null ? params.message.template : null,
          retry_of: params.retry_of,
        },
      });
      return run;
    },

    /** The onboarding e-mail, filled for the signed-in admin, to their own address. */
    async sendOnboardingToSelf(
      request: FastifyRequest,
      venueId: number,
      input: EmailMessageInput,
    ): Promise<{ detail: string }> {
      const venue = await venueOf(venueId);
      const message = await messageOf(venueId, input, 'onboarding');
      const user = await users.findById(sessionOf(request).id);
      if (!user) throw new AppError('unauthorized');
      const me: Recipient = {
        key: user.email.toLowerCase(),
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        language: isLanguage(user.language) ? user.language : null,
        user: user.id,
        party: null,
      };
      const mail = await composeMail(ctx, venue, message, me, { personal: true });
      await ctx.mailer.sendNow({ to: user.email, subject: mail.subject, text: mail.text });
      await ctx.audit.record(request, {
        action: 'emailRun.sendToSelf',
        details: { venue: venue.id, to: user.email, template: message.builtin === null ? message.template : null },
      });
      return { detail: `The onboarding e-mail was sent to ${user.email}.` };
    },
  };
}
