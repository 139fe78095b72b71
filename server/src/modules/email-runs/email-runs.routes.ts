import { z } from 'zod';
import { detailResponse, idParam } from '@shared/schemas/common';
import { emailMessageInput, emailRunInput, emailRunPreview, emailRunPreviewInput } from '@shared/schemas/email-runs';
import { jobRun } from '@shared/schemas/jobs';
import type { AppContext } from '../../context';
import type { App } from '../../types';
import { runsToWire } from '../jobs/jobs.routes';
import { emailRun } from './email-run.job';
import { createEmailRunService } from './email-runs.service';

const params = z.object({ id: idParam });

/** E-mail runs to a venue's people (src/shared/schemas/email-runs.ts lists the endpoints). */
export function emailRunRoutes(app: App, ctx: AppContext): void {
  const service = createEmailRunService(ctx);
  ctx.jobs.register(emailRun(ctx));
  const tags = ['e-mail runs'];
  const security = [{ bearer: [] }];
  const config = { policy: 'emailRun.manage' } as const;

  app.post(
    '/api/v1/venue/:id/sendOnboardingEmailToSelf/',
    {
      schema: {
        tags,
        security,
        summary: 'Send the onboarding e-mail (a template, a written text or the built-in one) to oneself',
        params,
        body: emailMessageInput,
        response: { 200: detailResponse },
      },
      config,
    },
    (request) => service.sendOnboardingToSelf(request, request.params.id, request.body),
  );

  app.post(
    '/api/v1/venue/:id/emailRun/preview/',
    {
      schema: {
        tags,
        security,
        summary: 'How many an e-mail run would reach, the first of them, and the message as the first gets it',
        params,
        body: emailRunPreviewInput,
        response: { 200: emailRunPreview },
      },
      config,
    },
    (request) => service.preview(request.params.id, request.body),
  );

  app.post(
    '/api/v1/venue/:id/emailRun/',
    {
      schema: {
        tags,
        security,
        summary: "Start an e-mail run to the venue's people, or again to an earlier run's failed recipients",
        params,
        body: emailRunInput,
        response: { 202: jobRun },
      },
      config,
    },
    async (request, reply) => {
      const run = await service.start(request, request.params.id, request.body);
      return reply.status(202).send((await runsToWire(ctx, [run]))[0]!);
    },
  );
}
