import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { attendeeInviteInput, inviteAccepted, inviteInfo, inviteToken } from '@shared/schemas/owner';
import type { AppContext } from '../../context';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createInviteService } from './invite.service';

/** Invitation links: check (public), accept (signed in), and the attendee invite of venue staff. */
export function inviteRoutes(app: App, ctx: AppContext): void {
  const invites = createInviteService(ctx);
  const tags = ['invite'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/v1/invite/check/',
    {
      schema: { tags, summary: 'Who invites, to what (public)', body: inviteToken, response: { 200: inviteInfo } },
      config: { policy: 'public', validationError: 'link_invalid', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => invites.check(request.body.token),
  );
  app.post(
    '/api/v1/invite/accept/',
    {
      schema: { tags, security, body: inviteToken, response: { 200: inviteAccepted } },
      config: { policy: 'invite.accept', validationError: 'link_invalid', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => invites.accept(request, request.body.token),
  );
  app.post(
    '/api/v1/attendee/:id/invite/',
    {
      schema: {
        tags,
        security,
        summary: 'E-mail the attendee a link to their accreditation',
        params: z.object({ id: idParam }),
        body: attendeeInviteInput,
        response: { 201: z.object({ sent: z.literal(true) }) },
      },
      config: { policy: 'attendee.invite' },
    },
    async (request, reply) =>
      reply.status(201).send(await invites.inviteAttendee(request, request.params.id, request.body.email)),
  );
}
