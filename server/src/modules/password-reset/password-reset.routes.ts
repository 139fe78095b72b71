import { z } from 'zod';
import {
  hasUsablePasswordRequest,
  hasUsablePasswordResponse,
  passwordResetConfirm,
  passwordResetRequest,
} from '@shared/schemas/auth';
import { detailResponse } from '@shared/schemas/common';
import type { AppContext } from '../../context';
import { limitBy } from '../../plugins/rate-limit';
import type { App } from '../../types';
import { createPasswordResetService } from './password-reset.service';

const linkParams = z.object({ uidb64: z.string().max(64), token: z.string().max(128) });

export function passwordResetRoutes(app: App, ctx: AppContext): void {
  const reset = createPasswordResetService(ctx);
  const tags = ['password reset'];

  app.post(
    '/_passwordReset/',
    {
      schema: {
        tags,
        summary: 'E-mail a password reset link',
        body: passwordResetRequest,
        response: { 200: detailResponse },
      },
      config: { policy: 'public', validationError: 'no_email', rateLimit: limitBy(ctx.config, 'auth', 'email') },
    },
    async (request) => {
      await reset.request(request, request.body.email);
      return { detail: 'Password reset e-mail has been sent.' };
    },
  );

  app.post(
    '/_passwordReset/:uidb64/:token/',
    {
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        params: linkParams,
        body: passwordResetConfirm,
        response: { 200: detailResponse },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'auth') },
    },
    async (request) => {
      await reset.confirm(request, request.params.uidb64, request.params.token, request.body.password);
      return { detail: 'Password has been reset with the new password.' };
    },
  );

  app.post(
    '/api/v1/user/hasUsablePassword/',
    {
      schema: {
        tags,
        summary: 'Check a reset link before showing the form',
        body: hasUsablePasswordRequest,
        response: { 200: hasUsablePasswordResponse },
      },
      config: { policy: 'public', rateLimit: limitBy(ctx.config, 'auth') },
    },
    (request) => reset.hasUsablePassword(request.body.uid, request.body.token, request.body.username),
  );
}
