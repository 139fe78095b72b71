import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isLanguage } from '@shared/constants';
import type { ListQuery } from '@shared/schemas/pagination';
import { EMAIL_TEMPLATE_KINDS, unknownPlaceholders, type EmailTemplate } from '@shared/schemas/venue-setup';
import { AppError, fieldError } from '../../app-error';
import type { AppContext } from '../../context';
import { emailTemplates } from '../../db/schema';
import { pageOf } from '../../http/pagination';
import { sessionOf } from '../../http/session';
import { createUserRepo } from '../user/user.repo';
import { createVenueRepo } from '../venue/venue.repo';
import { htmlToText, renderTemplate } from './email-render';
import { balanceOf, userPartiesAt, venueDates, venueMoney } from './email-values';

type Row = typeof emailTemplates.$inferSelect;
type Kind = EmailTemplate['kind'];
export interface EmailTemplateFields {
  kind?: Kind;
  language?: EmailTemplate['language'];
  name?: string;
  subject?: string;
  body_html?: string;
}

const toTemplate = (row: Row): EmailTemplate => ({
  id: row.id,
  venue: row.venueId,
  kind: (EMAIL_TEMPLATE_KINDS as readonly string[]).includes(row.kind) ? (row.kind as Kind) : 'custom',
  language: isLanguage(row.language) ? row.language : 'de',
  name: row.name,
  subject: row.subject,
  body_html: row.bodyHtml,
});

const columnsOf = (input: EmailTemplateFields) => ({
  kind: input.kind,
  language: input.language,
  name: input.name,
  subject: input.subject,
  bodyHtml: input.body_html,
});

/** A venue's e-mail templates; a test send goes to the signed-in admin with their own values. */
export function createEmailTemplateService(ctx: AppContext) {
  const venues = createVenueRepo(ctx.db);
  const users = createUserRepo(ctx.db);

  async function existing(id: number): Promise<Row> {
    const [row] = await ctx.db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    async list(venueId: number | undefined, query: ListQuery) {
      const where: SQL | undefined = venueId === undefined ? undefined : eq(emailTemplates.venueId, venueId);
      const [total] = await ctx.db.select({ n: count() }).from(emailTemplates).where(where);
      const page = pageOf(query);
      const rows = await ctx.db
        .select()
        .from(emailTemplates)
        .where(where)
        .orderBy(
          asc(emailTemplates.venueId),
          asc(emailTemplates.kind),
          asc(emailTemplates.name),
          asc(emailTemplates.id),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { count: total?.n ?? 0, results: rows.map(toTemplate) };
    },

    get: async (id: number) => toTemplate(await existing(id)),

    async create(request: FastifyRequest, input: EmailTemplateFields & { venue: number }): Promise<EmailTemplate> {
      if (!(await venues.findById(input.venue))) throw fieldError('venue', 'does_not_exist');
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(emailTemplates)
          .values({ ...columnsOf(input), venueId: input.venue } as typeof emailTemplates.$inferInsert)
          .returning();
        await ctx.audit.record(request, { action: 'emailTemplate.create', details: { id: row!.id } }, tx);
        return toTemplate(row!);
      });
    },

    async update(request: FastifyRequest, id: number, patch: EmailTemplateFields): Promise<EmailTemplate> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailTemplates)
          .set({ ...columnsOf(patch), updatedAt: new Date() })
          .where(eq(emailTemplates.id, id))
          .returning();
        if (!row) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'emailTemplate.update', details: { id } }, tx);
        return toTemplate(row);
      });
    },

    async delete(request: FastifyRequest, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .delete(emailTemplates)
          .where(eq(emailTemplates.id, id))
          .returning({ id: emailTemplates.id });
        if (!rows.length) throw new AppError('not_found');
        await ctx.audit.record(request, { action: 'emailTemplate.delete', details: { id } }, tx);
      });
    },

    /** Renders the template for the signed-in user at `venueId` and mails it to them. */
    async sendTest(request: FastifyRequest, id: number, venueId: number): Promise<{ detail: string }> {
      const template = await existing(id);
      // Saved before placeholders were checked: refused like a save would be.
      for (const [field, text] of [
        ['subject', template.subject],
        ['body_html', template.bodyHtml],
      ] as const) {
        if (unknownPlaceholders(text).length) throw fieldError(field, 'unknown_placeholder');
      }
      const venue = await venues.findById(venueId);
      if (!venue) throw fieldError('venue', 'does_not_exist');
      const user = await users.findById(sessionOf(request).id);
      if (!user) throw new AppError('unauthorized');
      const { subject, html } = renderTemplate(template, {
        first_name: user.firstName,
        last_name: user.lastName,
        venue_name: venue.name,
        venue_dates: venueDates(venue),
        balance: venueMoney(await balanceOf(ctx.db, await userPartiesAt(ctx.db, user.id, venue.id)), venue),
        login_url: `${ctx.config.publicUrl}/login`,
      });
      ctx.mailer.send({ to: user.email, subject, text: htmlToText(html) });
      await ctx.audit.record(request, {
        action: 'emailTemplate.send',
        details: { id, venue: venue.id, to: user.email },
      });
      return { detail: `A test e-mail was sent to ${user.email}.` };
    },
  };
}
