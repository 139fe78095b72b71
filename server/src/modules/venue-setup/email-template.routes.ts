import { z } from 'zod';
import { detailResponse, idParam } from '@shared/schemas/common';
import { listQuery, paginated } from '@shared/schemas/pagination';
import { emailTemplate, emailTemplateInput, emailTemplateSendInput } from '@shared/schemas/venue-setup';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { noContent } from '../configuration/no-content';
import { patchBody } from '../configuration/patch-body';
import { createEmailTemplateService } from './email-template.service';

const params = z.object({ id: idParam });
const query = listQuery.extend({ venue: idParam.optional() });

/** A venue's e-mail templates (admins). */
export function emailTemplateRoutes(app: App, ctx: AppContext): void {
  const templates = createEmailTemplateService(ctx);
  const tags = ['venue setup'];
  const security = [{ bearer: [] }];
  const config = { policy: 'emailTemplate.manage' } as const;

  app.get(
    '/api/v1/emailTemplate/',
    { schema: { tags, security, querystring: query, response: { 200: paginated(emailTemplate) } }, config },
    (request) => templates.list(request.query.venue, request.query),
  );
  app.get(
    '/api/v1/emailTemplate/:id/',
    { schema: { tags, security, params, response: { 200: emailTemplate } }, config },
    (request) => templates.get(request.params.id),
  );
  app.post(
    '/api/v1/emailTemplate/',
    { schema: { tags, security, body: emailTemplateInput, response: { 201: emailTemplate } }, config },
    async (request, reply) => reply.status(201).send(await templates.create(request, request.body)),
  );
  app.patch(
    '/api/v1/emailTemplate/:id/',
    {
      schema: {
        tags,
        security,
        params,
        body: patchBody(emailTemplateInput.omit({ venue: true })),
        response: { 200: emailTemplate },
      },
      config,
    },
    (request) => templates.update(request, request.params.id, request.body),
  );
  app.delete(
    '/api/v1/emailTemplate/:id/',
    { schema: { tags, security, params, response: noContent }, config },
    async (request, reply) => {
      await templates.delete(request, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/v1/emailTemplate/:id/send/',
    {
      schema: {
        tags,
        security,
        summary: 'Send the template, filled for the signed-in user at the venue, to their own address',
        params,
        body: emailTemplateSendInput,
        response: { 200: detailResponse },
      },
      config,
    },
    (request) => templates.sendTest(request, request.params.id, request.body.venue),
  );
}
