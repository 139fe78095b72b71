import { magicLinkRequest, magicLoginRequest, magicLoginResponse } from '@shared/schemas/auth';
import { detailResponse } from '@shared/schemas/common';
import type { AppContext } from '../../context';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createMagicLinkService } from './magic-link.service';

export function magicLinkRoutes(app: App, ctx: AppContext): void {
  const magic = createMagicLinkService(ctx);
  const tags = ['auth'];

  app.post(
    '/api/v1/user/magicLink/',
    {
      schema: {
        tags,
        summary: 'E-mail a one-time sign-in link',
        body: magicLinkRequest,
        response: { 200: detailResponse },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'auth', 'email') },
    },
    async (request) => {
      await magic.request(request, request.body.email, request.body.preshow);
      return { detail: 'If the address belongs to an account, a sign-in link is on its way.' };
    },
  );

  app.post(
    '/api/token/magic/',
    {
      schema: {
        tags,
        summary: "Sign in with a magic link's token",
        body: magicLoginRequest,
        response: { 200: magicLoginResponse },
      },
      config: { policy: 'public', validationError: 'link_invalid', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => magic.redeem(request, request.body.token),
  );
}
