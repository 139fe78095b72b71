import { z } from 'zod';
import { idParam } from '@shared/schemas/common';
import { confirmEmailRequest, registrationRequest } from '@shared/schemas/auth';
import { detailResponse } from '@shared/schemas/common';
import { userActiveInput, userSearchQuery, userSearchResponse, userSummary } from '@shared/schemas/user';
import type { AppContext } from '../../context';
import { requestLanguage } from '../../http/language';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createUserService } from './user.service';

export function userRoutes(app: App, ctx: AppContext): void {
  const users = createUserService(ctx);
  const tags = ['user'];

  app.post(
    '/api/v1/user/register/',
    {
      schema: {
        tags,
        summary: 'Create an account; a confirmation link goes by e-mail',
        body: registrationRequest,
        response: { 201: detailResponse },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'auth', 'email') },
    },
    async (request, reply) => {
      await users.register(request, request.body, request.body.language ?? requestLanguage(request));
      return reply.status(201).send({ detail: 'Please confirm your e-mail address with the link we sent you.' });
    },
  );

  app.post(
    '/api/v1/user/confirmEmail/',
    {
      schema: {
        tags,
        summary: 'Confirm the e-mail address from the link',
        body: confirmEmailRequest,
        response: { 200: detailResponse },
      },
      config: { policy: 'public', validationError: 'link_invalid', rateLimit: limitBy(ctx.config, 'auth') },
    },
    async (request) => {
      await users.confirmEmail(request, request.body.uid, request.body.token);
      return { detail: 'Your e-mail address is confirmed.' };
    },
  );

  app.get(
    '/api/v1/user/search/',
    {
      schema: {
        tags,
        summary: 'Find users by name or e-mail (admins)',
        security: [{ bearer: [] }],
        querystring: userSearchQuery,
        response: { 200: userSearchResponse },
      },
      config: { policy: 'user.search' },
    },
    (request) => users.search(request.query),
  );

  app.patch(
    '/api/v1/user/:id/active/',
    {
      schema: {
        tags,
        summary: 'Deactivate an account (its sessions end at once) or reactivate it (admins)',
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        body: userActiveInput,
        response: { 200: userSummary },
      },
      config: { policy: 'user.manage' },
    },
    (request) => users.setActive(request, request.params.id, request.body.is_active),
  );
}
